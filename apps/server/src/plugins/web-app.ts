import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors';

/** index.html as it is and compressed, chosen per request by Accept-Encoding. */
type Page = { identity: Buffer; br: Buffer; gzip: Buffer };

function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || Number(quality.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built web app from the API's port: each file as its precompressed brotli or gzip
 * copy when the browser takes one (the build writes them), hashed files cached for a year, never a
 * source map; index.html, compressed the same way, for every other GET of a page route. An unknown
 * /api path stays a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexPath = distDir ? path.join(distDir, 'index.html') : null;
  const indexFile = indexPath && existsSync(indexPath) ? readFileSync(indexPath) : null;
  const indexHtml: Page | null = indexFile ? { identity: indexFile, br: brotliCompressSync(indexFile), gzip: gzipSync(indexFile, { level: 9 }) } : null;
  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps stay on the server's disk (the build moves them out of the app; this refuses any left).
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!isApi && wantsPage && indexHtml) {
      const encoding = preferredEncoding(request);
      reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? indexHtml[encoding] : indexHtml.identity);
    }
    return sendNotFound(reply);
  });
}

/** The default location of the built web app, beside this server in the monorepo. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist');
}
