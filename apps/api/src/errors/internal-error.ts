import { randomBytes } from 'node:crypto';

/** What a caller reads when the server failed: the details go to the log, never out. */
export const internalErrorMessage = 'Something went wrong on our side. Please try again in a moment.';

const ids = new WeakMap<object, string>();

/**
 * The short random id of one failure: the caller gets it beside the generic message and the log
 * carries it with the details (SQL, parameters, stack), so a report can be matched to its cause.
 * The same error always gets the same id, however many places (logger, formatter) ask for it.
 */
export function errorIdOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return randomBytes(5).toString('hex');
  let id = ids.get(error);
  if (!id) {
    id = randomBytes(5).toString('hex');
    ids.set(error, id);
  }
  return id;
}
