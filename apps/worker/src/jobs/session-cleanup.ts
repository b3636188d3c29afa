// Expired sessions and sign-in tokens, and the creating address of anonymous fans once the limit no
// longer counts them, are useless and keep personal data around; removing them is naturally
// idempotent, so a retried or doubled run simply finds nothing left to remove.
import { deleteExpiredSignInState } from '@doppel/domain/auth';
import { forgetAnonymousFanAddresses } from '@doppel/domain/chat';
import type { JobHandler } from './types.ts';

export const runSessionCleanup: JobHandler<'session.cleanup'> = async (payload, { db, log }) => {
  const removed = { ...(await deleteExpiredSignInState(db)), anonymousFanAddresses: await forgetAnonymousFanAddresses(db) };
  log.info('session cleanup done', { trigger: payload.trigger, ...removed });
  return removed;
};
