import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './errors';

/**
 * Serves the built web app from the API's port: files as they are, and index.html for every
 * other GET of a page route; an unknown /api path stays a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexPath = distDir ? path.join(distDir, 'index.html') : null;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath) : null;
  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
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
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendNotFound(reply);
  });
}

/** The default location of the built web app, beside this server in the monorepo. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist');
}
