// The twin on the creator's own site (docs/embed.md): the loader script (/embed.js) and the
// framing rule of the framed chat (/embed/<tag>).
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const loader = readFileSync(new URL('./embed-loader.js', import.meta.url));
const compressed = {
  br: brotliCompressSync(loader, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(loader, { level: 9 }),
};

/** Compressed bytes of the loader as a browser fetches it (Brotli): the budget is 10 KB. */
export const embedLoaderBrotliBytes = compressed.br.length;

/**
 * GET /embed.js: the snippet's script. Its address carries no version, so caches ask again after an
 * hour; other sites load it, so it is not kept to this origin (helmet's Cross-Origin-Resource-Policy).
 */
export function registerEmbedLoader(app: FastifyInstance): void {
  app.get('/embed.js', async (req, reply) => {
    const accepts = req.headers['accept-encoding'] ?? '';
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('vary', 'accept-encoding');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(compressed.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(compressed.gzip);
    return reply.send(loader);
  });
}

/**
 * Lets the creator's sites frame this answer: their origins join 'self' in the Content-Security-
 * Policy's frame-ancestors, and X-Frame-Options (which cannot name another site) goes. With no site
 * allowed the page keeps helmet's refusal, as every other page does.
 */
export function allowFramingBy(reply: FastifyReply, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !directive.startsWith('frame-ancestors'));
  directives.push(`frame-ancestors 'self' ${origins.join(' ')}`);
  reply.header('content-security-policy', directives.join(';'));
  reply.removeHeader('x-frame-options');
}
