// The admin back-office Models section: the list, one model with its versions, create, update,
// make a version default and generate a new version.
export {
  basesOf,
  defaultBasesOf,
  defaultModelSettings,
  type ModelSettings,
  organisationLabel,
  type ProviderBases,
  resolvedProvider,
} from './model-settings.ts';
export { exportTrainingJsonl } from './models-export.ts';
export { generateBlockedReason, getAdminModel, listAdminModels } from './models-read.ts';
export { type EndpointCheck, registerModelVersion } from './models-register.ts';
export {
  createAdminModel,
  generateModelVersion,
  makeModelVersionDefault,
  rollBackModelDefault,
  updateAdminModel,
} from './models-write.ts';
