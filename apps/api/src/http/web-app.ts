import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other GET
 * that asks for a page, so client-side routes work on reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`no built web app in ${distDir}; serving the API only`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/trpc') && (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send({ error: 'Not Found', path: req.url });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
