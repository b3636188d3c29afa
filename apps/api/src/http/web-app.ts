import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const hashedAssetCaching = 'public, max-age=31536000, immutable';
// Names outside assets/ (index.html, favicon.svg, the push service worker push-sw.js) carry no
// content hash, so the browser asks again: a new service worker reaches fans on their next visit.
const revalidate = 'no-cache';

/**
 * Serves the built web app: the Brotli or gzip copy the build made when the browser accepts one,
 * hashed assets cached for a year, and index.html for every other GET that asks for a page, so
 * client-side routes work on reload.
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
    // `<file>.br` and `<file>.gz` from apps/web/build/precompress.ts, picked by Accept-Encoding.
    preCompressed: true,
    // They stay variants of their file, not addresses of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    // send's own header (`public, max-age=0` by default) is applied after setHeaders and won, for
    // the identity and the precompressed answers alike; setHeaders alone decides.
    cacheControl: false,
    setHeaders(res, path) {
      // `path` is the file actually sent, `app-abc.js.br` for a Brotli answer: still under assets/.
      const inAssets = relative(distDir, path).startsWith(`assets${sep}`);
      res.setHeader('cache-control', inAssets ? hashedAssetCaching : revalidate);
      // @fastify/static does not say the answer depends on Accept-Encoding; caches must know.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/trpc') && (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send({ error: 'Not Found', path: req.url });
    return reply.sendFile('index.html');
  });
}
