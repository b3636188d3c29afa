// What the API's log lines may say about an error and a request: ids, codes and routes, never a
// failed statement's SQL or parameters (a fan's session id among them), a row's values, or a query
// string (a tRPC call's input, an OAuth callback's code). Given to Fastify's logger (@doppel/logging's pino).
import type { FastifyRequest } from 'fastify';

/** The request as its log lines carry it: the path without its query string. */
function loggableRequest(request: FastifyRequest) {
  const url = typeof request.url === 'string' ? request.url : '';
  const query = url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? url : `${url.slice(0, query)}?…`,
    remoteAddress: request.ip,
  };
}

/**
 * pino's serializers by field name. Errors in any field (`err`, where our code and Fastify put
 * them; `error`) are already loggableError's by then: @doppel/logging's logger formats every line
 * so, before serializers run.
 */
export const logSerializers = { req: loggableRequest };
