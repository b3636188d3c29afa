// "Download my data": builds the ZIP, stores it and emails the link (docs/safety.md, Data rights).
// Idempotent through the request's status: a retry after a crash finds it READY and skips, or
// writes the same path again. The last failed attempt marks the request FAILED so the person may ask again.
import { failDataExport, produceDataExport } from '@doppel/domain/account';
import { jobCatalog } from '@doppel/jobs';
import type { JobHandler } from './types.ts';

export const runAccountExport: JobHandler<'account.export'> = async (payload, { db, log, job, services }) => {
  if (!services.mail) throw new Error('This worker was started without email, which account.export needs');
  try {
    const result = await produceDataExport(db, payload.exportId, {
      storage: services.storage,
      mailer: services.mail.mailerFor(db),
      publicUrl: services.mail.publicUrl,
    });
    log.info('data export done', { exportId: payload.exportId, ...result });
    return result;
  } catch (error) {
    if (job.retryCount >= jobCatalog['account.export'].queue.retryLimit) await failDataExport(db, payload.exportId);
    throw error;
  }
};
