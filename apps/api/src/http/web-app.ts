import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../trpc/context.ts';
import { allowFramingBy } from './embed.ts';
import { renderPage } from './page-shell.ts';
import type { PublicPages } from './public-pages.ts';

const hashedAssetCaching = 'public, max-age=31536000, immutable';
// Names outside assets/ (index.html, favicon.svg, the push service worker push-sw.js) carry no
// content hash, so the browser asks again: a new service worker reaches fans on their next visit.
const revalidate = 'no-cache';

/**
 * Serves the built web app: the Brotli or gzip copy the build made when the browser accepts one,
 * hashed assets cached for a year, and index.html for every other GET that asks for a page, so
 * client-side routes work on reload. The public routes get index.html with their own head tags and
 * first paint (`pages`, page-shell.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pages?: PublicPages,
  /** The sites a twin's creator allows to frame its chat (/embed/<tag>, docs/embed.md). */
  embedOrigins?: (tag: string) => Promise<string[]>,
): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`no built web app in ${distDir}; serving the API only`);
    return;
  }
  // Read once: a new build comes with a restart of the server.
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // `<file>.br` and `<file>.gz` from scripts/precompress.ts (run by the web build), picked by Accept-Encoding.
    preCompressed: true,
    // They stay variants of their file, not addresses of their own. Source maps are not served
    // (the build makes none; a dist from an older build may hold some): they publish the source.
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
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
  // The twin's chat made for a frame on the creator's own site: the app as for any page, framable
  // by the sites the creator named.
  app.get<{ Params: { tag: string } }>('/embed/:tag', async (req, reply) => {
    allowFramingBy(reply, (await embedOrigins?.(req.params.tag)) ?? []);
    return reply.header('cache-control', revalidate).sendFile('index.html');
  });
  app.setNotFoundHandler(async (req, reply) => {
    const notFound = () => reply.code(404).send({ error: 'Not Found', path: req.url });
    if (req.method !== 'GET' || req.url.startsWith('/trpc')) return notFound();
    // Before the Accept check: link-preview crawlers (Facebook's, X's, WhatsApp's) ask with `*/*`.
    const shell = await pages?.(new URL(req.url, 'http://page'), req.cookies[sessionCookieName]);
    if (shell) return sendPage(req, reply, renderPage(template, shell));
    if (!(req.headers.accept ?? '').includes('text/html')) return notFound();
    return reply.sendFile('index.html');
  });
}

/** A page made per request, compressed as the built files are (quality 5: well under a millisecond). */
function sendPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = req.headers['accept-encoding'] ?? '';
  reply.type('text/html; charset=utf-8').header('cache-control', revalidate).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
