// A call that failed because the database could not be reached is not a bug to report but a
// moment to wait out: callers get 503 SERVICE_UNAVAILABLE and a line they can act on, instead of
// the internal-error answer and its error id.
import { isDatabaseUnreachable } from '@doppel/db';
import { type TRPCDefaultErrorShape, TRPCError } from '@trpc/server';

export const databaseUnavailableMessage = 'Doppel is temporarily unavailable. Please try again in a moment.';

/**
 * The error formatter's input, turned into SERVICE_UNAVAILABLE (status, code and message) when the
 * call failed on an unreachable database; otherwise as given. The cause stays for the log.
 */
export function unavailableWhenDatabaseDown<Input extends { error: TRPCError; shape: TRPCDefaultErrorShape }>(
  input: Input,
): Input {
  const { error, shape } = input;
  if (error.code !== 'INTERNAL_SERVER_ERROR' || !isDatabaseUnreachable(error.cause)) return input;
  return {
    ...input,
    error: new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: databaseUnavailableMessage, cause: error.cause }),
    shape: {
      ...shape,
      message: databaseUnavailableMessage,
      data: { ...shape.data, code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
    },
  };
}
