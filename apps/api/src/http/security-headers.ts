// helmet's security headers (Content-Security-Policy, HSTS, X-Frame-Options, ...) on every answer.
// helmet builds its middleware once and applies it to each response; @fastify/helmet, used before,
// built it again on every request (helmet(options) per request: the CSP parsed and every header
// worked out anew), which showed in the API's CPU profile of chat.send (issue 31). Set on the raw
// response, as that plugin did, so a route can still read or replace one (the embed loader's CSP).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function registerSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets inline styles; scripts stay same-origin only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet throws rather than passing an error on; a failure there is the request's error.
    apply(request.raw, reply.raw, () => done());
  });
}
