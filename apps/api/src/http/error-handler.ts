import { STATUS_CODES } from 'node:http';
import { isDatabaseUnreachable } from '@doppel/db';
import type { ErrorReporter } from '@doppel/domain/ports';
import type { FastifyError, FastifyInstance } from 'fastify';
import { internalErrorMessage } from '../errors/internal-error.ts';
import { reportInternalError } from '../errors/report.ts';
import { databaseUnavailableMessage } from '../trpc/database-unavailable.ts';

/**
 * Errors thrown by the plain routes (/files, /media, webhooks, OAuth, health). Fastify's own handler
 * answers with `err.message`, which for a failed query is the SQL and its parameters: an internal
 * failure answers `{ error, errorId }` instead, and the details go to the log under that id.
 * Refusals (4xx: a body too large, bad JSON) keep Fastify's answer, which names no internals. An
 * unreachable database is a moment to wait out, as for tRPC calls: 503 and the line that says so.
 * The log line carries the request id (the request's logger adds it); the report goes out with both.
 */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter): void {
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
    const route = request.routeOptions.url;
    const errorId = reportInternalError(reporter, error, { route, method: request.method, requestId: request.id });
    request.log.error({ err: error, errorId, route }, `request failed (error id ${errorId})`);
    return reply.code(status).send({ error: internalErrorMessage, errorId });
  });
}
