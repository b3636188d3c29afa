// admin.status.get: the stored model-health record as the status page's entries, sorted by name.
import { appConfigs, defaultAppId, type Executor } from '@doppel/db';
import { type AdminModelHealthEntry, type AdminStatusGetOutput, offlineEngineModel } from '@doppel/validation';
import { eq } from 'drizzle-orm';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Alphabetical, ignoring case (numbers in order: gpt-4 before gpt-35); exact text breaks ties. */
export function compareModelNames(a: string, b: string): number {
  return byName.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * `admin.status.get`: each model's last check, with the provider's reason when it failed. An
 * entry stored as a bare boolean (before checks kept detail) takes the config row's last write as
 * its time. Empty before the first check.
 */
export async function getModelHealth(db: Executor): Promise<AdminStatusGetOutput> {
  const [row] = await db
    .select({ record: appConfigs.isModelHealthyRecord, updatedAt: appConfigs.updatedAt })
    .from(appConfigs)
    .where(eq(appConfigs.id, defaultAppId))
    .limit(1);
  if (!row) return { entries: [] };
  const rowWrittenAt = row.updatedAt.toISOString();
  const entries: AdminModelHealthEntry[] = Object.entries(row.record)
    .map(([model, check]) => ({
      model,
      healthy: typeof check === 'boolean' ? check : check.healthy,
      checkedAt: typeof check === 'boolean' ? rowWrittenAt : check.checkedAt,
      error: typeof check === 'boolean' ? null : check.error,
      offline: model === offlineEngineModel,
    }))
    .sort((a, b) => compareModelNames(a.model, b.model));
  return { entries };
}
