// What the API's log lines may say about an error and a request: ids, codes and routes, never a
// failed statement's SQL or parameters (a fan's session id among them), a row's values, or a query
// string (a tRPC call's input, an OAuth callback's code). Given to Fastify's logger (pino).
import { loggableError } from '@doppel/db';
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

/** The error as loggableError has it; Fastify's logger types want a stack, if only an empty one. */
function loggableErr(error: unknown) {
  const described = loggableError(error);
  return { ...described, stack: described.stack ?? '' };
}

/**
 * pino's serializers by field name: `err` is where our code and Fastify put errors; `error` is
 * where the job client's lines put theirs.
 */
export const logSerializers = { err: loggableErr, error: loggableErr, req: loggableRequest };
