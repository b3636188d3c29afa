// The admin back-office Status section: the models.health check and the status page's entries.
export * from './check-model-health.ts';
export * from './get-model-health.ts';
export * from './models-in-use.ts';
