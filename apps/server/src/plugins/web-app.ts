import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors';

/** index.html as it is and compressed, chosen per request by Accept-Encoding. */
type Page = { identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * A transcript's verification page, however its path is spelled: the router matches '/VERIFY/…',
 * '//verify/…' and '/%76erify/…' to the same page.
 */
function isVerificationPage(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judge the path as it came.
  }
  return /^\/+verify(\/|$)/i.test(decoded);
}

/** The quality Accept-Encoding gives an encoding: its own entry, else '*', else 0. */
function qualityOf(accepted: Map<string, number>, encoding: string): number {
  return accepted.get(encoding) ?? accepted.get('*') ?? 0;
}

/** The compressed copy to send: the one the browser rates highest, brotli on a tie; none when it takes neither. */
function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name, Number.isFinite(quality) && quality > 0 ? Math.min(quality, 1) : 0);
  }
  const br = qualityOf(accepted, 'br');
  const gzip = qualityOf(accepted, 'gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** The built page with the configured theme colour in its theme-color meta (the browser's bar and the installed app's). */
function withThemeColor(page: Buffer, themeColor: string | undefined): Buffer {
  if (!themeColor) return page;
  return Buffer.from(
    page
      .toString('utf8')
      .replace(/(<meta name="theme-color" content=")#[0-9a-fA-F]{3,8}(")/, `$1${themeColor}$2`),
  );
}

/** Files the browser must check on every visit: the page names the hashed files, the service worker is the app's version. */
const CHECKED_EVERY_TIME = new Set(['index.html', 'sw.js']);

/**
 * Serves the built web app from the API's port: each file as its precompressed brotli or gzip
 * copy when the browser takes one (the build writes them), hashed files cached for a year, never a
 * source map; index.html, compressed the same way and in the configured theme colour, for every
 * other GET of a page route and as /index.html (which the service worker keeps for offline use).
 * The service worker (sw.js) is checked on every visit, so that a new release reaches the browser.
 * An unknown /api path stays a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  options: { themeColor?: string } = {},
): Promise<void> {
  const indexPath = distDir ? path.join(distDir, 'index.html') : null;
  const indexFile =
    indexPath && existsSync(indexPath)
      ? withThemeColor(readFileSync(indexPath), options.themeColor)
      : null;
  const indexHtml: Page | null = indexFile
    ? { identity: indexFile, br: brotliCompressSync(indexFile), gzip: gzipSync(indexFile, { level: 9 }) }
    : null;
  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps stay on the server's disk (the build moves them out of the app; this refuses any
      // left). index.html is sent from memory, in the configured colour.
      allowedPath: (pathname) => !pathname.endsWith('.map') && !/^\/index\.html$/i.test(pathname),
      setHeaders: (reply, filePath) => {
        // Hashed files (assets/) never change; the page and the service worker name them, so they are checked every time.
        // (A precompressed copy, sw.js.br, stands for its file.)
        const relative = path.relative(distDir, filePath).replace(/\.(br|gz)$/, '');
        const immutable = relative.startsWith(`assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : CHECKED_EVERY_TIME.has(relative)
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file of the build is a 404, never the app's page.
    const isAsset = pathname === '/assets' || pathname.startsWith('/assets/');
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const wantsPage = isGet && (!path.extname(pathname) || pathname === '/index.html');
    if (!isApi && !isAsset && wantsPage && indexHtml) {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      // A transcript's verification page is for whoever holds its address, never for search engines.
      if (isVerificationPage(pathname)) reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.send(encoding ? indexHtml[encoding] : indexHtml.identity);
    }
    return sendNotFound(reply);
  });
}

/** The default location of the built web app, beside this server in the monorepo. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist');
}
