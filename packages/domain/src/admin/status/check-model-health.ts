// The models.health job's work: ping every model in use through the LLM port and store a check or
// cross per model (with when it was checked and why it failed) in AppConfig.isModelHealthyRecord,
// which the admin status page lists.
import { appConfigs, type ChangeEvent, defaultAppId, type Executor, type ModelHealthRecord, recordChanges } from '@doppel/db';
import { offlineEngineModel } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import type { LlmPort, ModelCheck } from '../../ports/llm.ts';
import { listModelsInUse, type ModelsInUseOptions } from './models-in-use.ts';

/** Pings run a few at a time: quick with many fine-tuned models, gentle on the provider's rate limit. */
const concurrentChecks = 4;

export const modelCheckMessages = {
  notCheckable: 'This engine cannot check models',
} as const;

export type ModelHealthResult = { model: string; healthy: boolean; error: string | null };

export type ModelHealthRun = {
  engine: LlmPort['engine'];
  results: ModelHealthResult[];
  /** False when there is no app config row (id default) to store the results in. */
  stored: boolean;
};

/** The change the status page listens for: admins only, the record is back-office data. */
export function modelHealthChanged(): ChangeEvent {
  return { entity: 'app_configs', rowId: defaultAppId, scopes: ['admin'] };
}

async function checkOne(llm: LlmPort, model: string): Promise<ModelHealthResult> {
  let check: ModelCheck;
  try {
    check = llm.checkModel ? await llm.checkModel(model) : { healthy: false, error: modelCheckMessages.notCheckable };
  } catch (error) {
    // The port promises not to throw for a model that is down; a bug in an adapter still must not
    // cost the other models their result.
    check = { healthy: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { model, healthy: check.healthy, error: check.healthy ? null : check.error };
}

async function checkAll(llm: LlmPort, models: string[]): Promise<ModelHealthResult[]> {
  const results: ModelHealthResult[] = new Array(models.length);
  let next = 0;
  const lane = async () => {
    while (next < models.length) {
      const index = next++;
      results[index] = await checkOne(llm, models[index] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrentChecks, models.length) }, lane));
  return results;
}

/**
 * Checks the models in use and replaces the stored record with the results (a model no longer in
 * use drops out). With the offline engine no provider model is called at all, so the one entry is
 * the engine itself, `offlineEngineModel`. Idempotent: a second run overwrites the first. The
 * pings run outside any transaction; only the write and its change event share one.
 */
export async function checkModelHealth(
  db: Executor,
  llm: LlmPort,
  options: Pick<ModelsInUseOptions, 'modelOverride'> = {},
): Promise<ModelHealthRun> {
  const models =
    llm.engine === 'offline'
      ? [offlineEngineModel]
      : await listModelsInUse(db, { modelOverride: options.modelOverride, embeddingModel: llm.embeddingModel });
  const results = await checkAll(llm, models);
  const checkedAt = new Date().toISOString();
  const record: ModelHealthRecord = Object.fromEntries(
    results.map((result) => [result.model, { healthy: result.healthy, checkedAt, error: result.error }]),
  );
  const stored = await db.transaction(async (tx) => {
    const updated = await tx
      .update(appConfigs)
      .set({ isModelHealthyRecord: record })
      .where(eq(appConfigs.id, defaultAppId))
      .returning({ id: appConfigs.id });
    if (updated.length === 0) return false;
    await recordChanges(tx, [modelHealthChanged()]);
    return true;
  });
  return { engine: llm.engine, results, stored };
}
