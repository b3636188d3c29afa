export { createQualityRun, type NewQualityRun } from './runs.ts';
