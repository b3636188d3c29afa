// The admin back-office Models section: the list, one model with its versions, create, update,
// make a version default and generate a new version.
export * from './model-settings.ts';
export * from './models-read.ts';
export * from './models-write.ts';
