// Expired sessions and sign-in tokens are useless and keep personal data around; deleting them is
// naturally idempotent, so a retried or doubled run simply finds nothing left to remove.
import { deleteExpiredSignInState } from '@doppel/domain';
import type { JobHandler } from './types.ts';

export const runSessionCleanup: JobHandler<'session.cleanup'> = async (payload, { db, log }) => {
  const removed = await deleteExpiredSignInState(db);
  log.info('session cleanup done', { trigger: payload.trigger, ...removed });
  return removed;
};
