// Every request carries an id: the one a load balancer or client sent in X-Request-Id when it is a
// sane short token, else a fresh one. Fastify's request logger puts it on every line of the request
// (as `reqId`), error reports carry it as a tag, and the answer echoes it, so a user's report,
// the proxy's log and ours can be matched. Jobs the request enqueues carry it too (their origin),
// so the worker's lines for a fan's reply show the same id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { withJobOrigin } from '@doppel/jobs';
import type { FastifyInstance } from 'fastify';

export const requestIdHeader = 'x-request-id';

/** Letters, digits and `._:-`, at most 64: a UUID, a trace id or a proxy's id; nothing that could forge log lines. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the incoming id when sane, else a UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
}

/** Echoes the id on every answer; set on the raw response so streams that write it directly carry it too. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(requestIdHeader, request.id);
    done();
  });
}

/**
 * Makes the request's id the origin of every job its handler enqueues (@doppel/jobs origin.ts).
 * A preHandler, so the body is parsed and the handler runs inside it: what it starts inherits it.
 */
export function traceJobsToRequest(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => withJobOrigin({ requestId: request.id }, done));
}
