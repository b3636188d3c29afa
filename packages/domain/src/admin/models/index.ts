// The admin back-office Models section: the list, one model with its versions, create, update,
// make a version default and generate a new version.
export { defaultModelSettings, type ModelSettings, organisationLabel } from './model-settings.ts';
export { generateBlockedReason, getAdminModel, listAdminModels } from './models-read.ts';
export {
  createAdminModel,
  generateModelVersion,
  makeModelVersionDefault,
  rollBackModelDefault,
  updateAdminModel,
} from './models-write.ts';
