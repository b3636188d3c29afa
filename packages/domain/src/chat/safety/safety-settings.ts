// admin.app.crisis.get | update: the crisis protocol's settings on the App page (docs/safety.md).
import { appConfigs, defaultAppId, type Executor, recordChanges } from '@doppel/db';
import {
  type AdminCrisisSettings,
  type AdminCrisisSettingsInput,
  defaultCrisisPauseHours,
  defaultCrisisReplyText,
} from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';

export async function getCrisisSettings(db: Executor): Promise<AdminCrisisSettings> {
  const [config] = await db
    .select({ replyText: appConfigs.crisisReplyText, pauseHours: appConfigs.crisisPauseHours })
    .from(appConfigs)
    .where(eq(appConfigs.id, defaultAppId));
  return {
    replyText: config?.replyText ?? '',
    pauseHours: config?.pauseHours ?? defaultCrisisPauseHours,
    defaultReplyText: defaultCrisisReplyText,
  };
}

/** Saves both settings on the app config row (which the App page's first save creates). */
export async function updateCrisisSettings(tx: Executor, input: AdminCrisisSettingsInput): Promise<AdminCrisisSettings> {
  const updated = await tx
    .update(appConfigs)
    .set({ crisisReplyText: input.replyText, crisisPauseHours: input.pauseHours, updatedAt: new Date() })
    .where(eq(appConfigs.id, defaultAppId))
    .returning({ id: appConfigs.id });
  if (updated.length === 0) {
    throw new DomainError('INVALID', 'Save the app config above first: the crisis settings are kept with it.');
  }
  await recordChanges(tx, [{ entity: 'app_configs', rowId: defaultAppId, scopes: ['admin'] }]);
  return getCrisisSettings(tx);
}
