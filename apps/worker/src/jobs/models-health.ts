// Pings every model in use (each fine-tuned version through its own provider) and stores a check or cross per model for the admin status page. The
// work is the domain's checkModelHealth; a model that is down is a result, not a failed job.
import { checkModelHealth } from '@doppel/domain/admin/status';
import { withRoutedModelChecks } from './models-routed-checks.ts';
import type { JobHandler } from './types.ts';

export const runModelsHealth: JobHandler<'models.health'> = async (payload, { db, log, services }) => {
  // Versions served by Together, their own endpoint or the offline engine are asked there.
  const llm = await withRoutedModelChecks(db, services.llm, services.llmRouter);
  const run = await checkModelHealth(db, llm, { modelOverride: services.llmModelOverride });
  const unhealthy = run.results.filter((result) => !result.healthy);
  if (!run.stored) log.warn('models health not stored: the app config (id default) is missing');
  for (const result of unhealthy) log.warn('model unhealthy', { model: result.model, error: result.error });
  log.info('models health checked', {
    trigger: payload.trigger,
    engine: run.engine,
    checked: run.results.length,
    unhealthy: unhealthy.length,
  });
  return {
    engine: run.engine,
    stored: run.stored,
    checked: run.results.length,
    unhealthy: unhealthy.length,
    // The record keeps one boolean per model; the provider's reasons stay here, for `ops jobs`.
    errors: unhealthy.length > 0 ? JSON.stringify(Object.fromEntries(unhealthy.map((r) => [r.model, r.error]))) : null,
  };
};
