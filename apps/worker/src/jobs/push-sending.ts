// What every push job (broadcasts.push, chat.held-reply-push) needs before sending: the worker's
// Web Push port and the options to send with, signed with the VAPID keys (made here on first use
// when the API has not made them yet); and one warning line when push services refused some.
import type { WebPushPort } from '@doppel/domain/ports';
import { ensureWebPushKeys, type SendPushOptions } from '@doppel/domain/push';
import type { JobName } from '@doppel/jobs';
import type { JobContext } from './types.ts';

export async function pushSending(
  { db, services }: Pick<JobContext, 'db' | 'services'>,
  jobName: JobName,
): Promise<{ port: WebPushPort; options: SendPushOptions }> {
  const webPush = services.webPush;
  if (!webPush) throw new Error(`${jobName} needs web push, and this worker was started without it`);
  const keys = await ensureWebPushKeys(db, webPush.port);
  return {
    port: webPush.port,
    options: { vapid: { ...keys, subject: webPush.subject }, ratePerSecond: webPush.ratePerSecond },
  };
}

/** Logs a job's notifications that push services did not take (the job itself succeeded). */
export function warnOfPushFailures(
  log: JobContext['log'],
  fields: Record<string, unknown>,
  result: { outcome: string; failed?: number; firstFailure?: string | null },
): void {
  if (result.outcome === 'pushed' && result.failed) {
    log.warn('push notifications failed', { ...fields, failed: result.failed, firstFailure: result.firstFailure });
  }
}
