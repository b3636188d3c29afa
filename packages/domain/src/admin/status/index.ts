// The admin back-office Status section: the models.health check and the status page's entries.
export {
  checkModelHealth,
  type ModelHealthResult,
  type ModelHealthRun,
  modelCheckMessages,
  modelHealthChanged,
} from './check-model-health.ts';
export { compareModelNames, getModelHealth } from './get-model-health.ts';
export { listModelsInUse, type ModelsInUseOptions } from './models-in-use.ts';
