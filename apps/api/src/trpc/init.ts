import { DomainError, domainErrorCodes } from '@doppel/domain/errors';
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { errorIdOf, internalErrorMessage } from '../errors/internal-error.ts';
import type { Context } from './context.ts';
import { unavailableWhenDatabaseDown } from './database-unavailable.ts';

export { internalErrorMessage };

/** Access tier of a procedure; the tier test reads it to know whom each procedure must refuse. */
export type Access = 'public' | 'authed' | 'account' | 'talent' | 'admin';

/** Where an audited mutation's record id comes from: a field of its input, or of what its write answered (a create). */
export type AuditIdSource = { input: string } | { result: string };

/**
 * How an admin mutation reaches the audit log (docs/admin-backoffice.md): the kind of record it
 * changes (a key of auditedRecords, which knows how to read it) and where the record's id comes
 * from; or, for the few that change no record, why. The audit sweep test refuses an admin
 * mutation that declares neither.
 */
export type AuditMeta = { record: AuditedRecordKind; id?: AuditIdSource } | { none: string };

/** The kinds of records auditedRecords can read (apps/api/src/audit/audited-records.ts). */
export type AuditedRecordKind =
  | 'app'
  | 'crisisSettings'
  | 'talent'
  | 'talentManagers'
  | 'talentQuality'
  | 'user'
  | 'faq'
  | 'model'
  | 'payout'
  | 'broadcast'
  | 'discover'
  | 'chatMemories'
  | 'report';

// Both optional so a procedure can add `audit` with `.meta({ audit })`; every tier's builder sets
// `access` (the access-tier sweep refuses a procedure without it).
export type Meta = { access?: Access; audit?: AuditMeta };

/**
 * The message a caller sees: the first field message for invalid input (zod's raw text is not for
 * people), the domain's own message for a refusal, and for an internal failure a generic line, so
 * SQL, parameters and stack traces never leave the server.
 */
export function publicMessage(error: TRPCError, fieldErrors: Record<string, string[]> | undefined): string {
  const cause = error.cause;
  if (cause instanceof z.ZodError && fieldErrors) return Object.values(fieldErrors).flat()[0] ?? 'Invalid input';
  if (error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof DomainError)) return internalErrorMessage;
  return error.message;
}

export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    sse: {
      // Keeps proxies from closing an idle stream and lets the client notice a dead one.
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
    },
    errorFormatter(input) {
      const { shape, error, path } = unavailableWhenDatabaseDown(input);
      const cause = error.cause;
      const fieldErrors =
        cause instanceof z.ZodError
          ? (z.flattenError(cause).fieldErrors as Record<string, string[]>)
          : cause instanceof DomainError
            ? cause.fieldErrors
            : undefined;
      const appCode = cause instanceof DomainError ? cause.code : undefined;
      // The same id the server's onError logged the details under (errorIdOf keeps one per error).
      const errorId = error.code === 'INTERNAL_SERVER_ERROR' ? errorIdOf(error) : undefined;
      return {
        ...shape,
        message: publicMessage(error, fieldErrors),
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path,
          ...(appCode ? { appCode } : {}),
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(errorId ? { errorId } : {}),
        },
      };
    },
  });

/** Turns domain errors into transport errors, keeping the code for the client. */
export const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: domainErrorCodes[cause.code], message: cause.message, cause });
  }
  return result;
});

/**
 * Counts and times every call that reaches its procedure, by path, type and outcome code, for
 * /metrics. It runs first, so refusals of the tiers and domain errors (already turned into their
 * codes by `domainErrors`, which runs inside it) are counted with their code.
 */
export const metered = t.middleware(async ({ ctx, path, type, next }) => {
  const started = performance.now();
  const result = await next();
  const code = result.ok ? 'OK' : result.error.code;
  // A bare context (a unit test's caller) has no metrics: nothing is recorded, the call is unchanged.
  ctx.metrics?.observeCall(path, type, code, (performance.now() - started) / 1000);
  return result;
});
