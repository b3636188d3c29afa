// Internal failures go to the log (details under the error id and the request id) and to the error
// reporter (Sentry when SENTRY_DSN is set). A database that cannot be reached is an outage to wait
// out, logged but not reported: during one, every call fails and would flood the tracker.
import { isDatabaseUnreachable } from '@doppel/db';
import type { ErrorReporter } from '@doppel/domain/ports';
import type { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { errorIdOf } from './internal-error.ts';

/** What identifies the failure and the request in the tracker; no cookies, headers or inputs. */
export type InternalErrorWhere = { route: string | undefined; method: string; requestId: string; procedure?: string };

export function reportInternalError(reporter: ErrorReporter, error: unknown, where: InternalErrorWhere): string {
  const errorId = errorIdOf(error);
  if (!isDatabaseUnreachable(error))
    reporter.capture(error, {
      tags: {
        error_id: errorId,
        request_id: where.requestId,
        route: where.route ?? 'unmatched',
        method: where.method,
        procedure: where.procedure,
      },
    });
  return errorId;
}

type TrpcErrorInput = { path: string | undefined; type: string; error: TRPCError; req: FastifyRequest };

/**
 * tRPC's onError: expected refusals are not incidents; everything else is logged with its call path,
 * the request id (the request's logger carries it) and the error id the caller reads beside the
 * generic message (the errorFormatter asks errorIdOf for the same id), and reported.
 */
export function trpcErrorLogger(reporter: ErrorReporter) {
  return ({ path, type, error, req }: TrpcErrorInput): void => {
    if (error.code !== 'INTERNAL_SERVER_ERROR') {
      req.log.info({ path, code: error.code }, `tRPC ${type} ${path}: ${error.message}`);
      return;
    }
    const cause = error.cause ?? error;
    // The id belongs to the TRPCError (the formatter's), the report to its cause (the real failure).
    const errorId = errorIdOf(error);
    req.log.error({ err: cause, path, type, errorId }, `tRPC ${type} ${path} failed (error id ${errorId})`);
    if (isDatabaseUnreachable(cause)) return;
    reporter.capture(cause, {
      tags: { error_id: errorId, request_id: req.id, route: '/trpc', method: req.method, procedure: path, type },
    });
  };
}
