import { DomainError, domainErrorCodes } from '@doppel/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from './context.ts';

/** Access tier of a procedure; the tier test reads it to know whom each procedure must refuse. */
export type Access = 'public' | 'authed' | 'talent' | 'admin';
export type Meta = { access: Access };

export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    sse: {
      // Keeps proxies from closing an idle stream and lets the client notice a dead one.
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
    },
    errorFormatter({ shape, error, path }) {
      const cause = error.cause;
      const fieldErrors =
        cause instanceof z.ZodError
          ? (z.flattenError(cause).fieldErrors as Record<string, string[]>)
          : cause instanceof DomainError
            ? cause.fieldErrors
            : undefined;
      const appCode = cause instanceof DomainError ? cause.code : undefined;
      return {
        ...shape,
        // Zod's raw text is not for people: the first field message is.
        message:
          cause instanceof z.ZodError && fieldErrors ? (Object.values(fieldErrors).flat()[0] ?? 'Invalid input') : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path,
          ...(appCode ? { appCode } : {}),
          ...(fieldErrors ? { fieldErrors } : {}),
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
