// What the web shell reads before anything else (the API's system.info): the running version, the
// oldest creator app version still accepted (the update banner), and whether the dev outbox is on.
import { appConfigs, defaultAppId, type Executor } from '@doppel/db';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../ports/mailer.ts';

export type SystemInfo = { version: string; minTalentVersion: string | null; devOutbox: boolean };

/** `appVersion` is the build's own (APP_VERSION); the minimum comes from the App settings, when saved. */
export async function getSystemInfo(db: Executor, appVersion: string, mailer: Pick<Mailer, 'kind'>): Promise<SystemInfo> {
  const [config] = await db.select({ minVersion: appConfigs.minVersion }).from(appConfigs).where(eq(appConfigs.id, defaultAppId));
  return {
    version: appVersion,
    minTalentVersion: config?.minVersion?.talent ?? null,
    devOutbox: mailer.kind === 'dev-outbox',
  };
}
