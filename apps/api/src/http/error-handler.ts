import { STATUS_CODES } from 'node:http';
import { isDatabaseUnreachable } from '@doppel/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorIdOf, internalErrorMessage } from '../errors/internal-error.ts';
import { databaseUnavailableMessage } from '../trpc/database-unavailable.ts';

/**
 * Errors thrown by the plain routes (/files, /media, webhooks, OAuth, health). Fastify's own handler
 * answers with `err.message`, which for a failed query is the SQL and its parameters: an internal
 * failure answers `{ error, errorId }` instead, and the details go to the log under that id.
 * Refusals (4xx: a body too large, bad JSON) keep Fastify's answer, which names no internals. An
 * unreachable database is a moment to wait out, as for tRPC calls: 503 and the line that says so.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) {
      return reply
        .code(status)
        .send({ statusCode: status, code: error.code, error: STATUS_CODES[status], message: error.message });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'database unreachable');
      return reply.code(503).send({ error: databaseUnavailableMessage });
    }
    const errorId = errorIdOf(error);
    request.log.error({ err: error, errorId, route: request.routeOptions.url }, `request failed (error id ${errorId})`);
    return reply.code(status).send({ error: internalErrorMessage, errorId });
  });
}
