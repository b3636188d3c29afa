// A "Download my data" ZIP is personal data at rest: once its link has expired the file goes.
import { removeExpiredDataExports } from '@doppel/domain/account';
import type { JobHandler } from './types.ts';

export const runAccountExportsExpire: JobHandler<'account.exports-expire'> = async (payload, { db, log, services }) => {
  const removed = await removeExpiredDataExports(db, services.storage);
  log.info('expired data exports removed', { trigger: payload.trigger, removed });
  return { removed };
};
