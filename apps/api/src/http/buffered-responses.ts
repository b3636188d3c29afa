import type { FastifyInstance } from 'fastify';

/**
 * tRPC's Fastify adapter answers with a fetch `Response`, which Fastify streams: it reads the body
 * through a web stream and sends it chunked, with a trailer. A query or mutation answer is one small
 * JSON document, so it is read whole here and sent with a Content-Length instead (about 5 % of the API's
 * time per call, measured at saturation by bench/chat-send). Event streams (subscriptions) keep
 * streaming.
 */
export function sendTrpcAnswersWhole(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    if (payload.headers.get('content-type')?.startsWith('text/event-stream')) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
}
