export {
  addQualityCase,
  deleteQualityCase,
  listQualityCases,
  readTalentQualityForAudit,
  startManualQualityRun,
  switchQualityCase,
  updateQualityCase,
} from './quality-cases-admin.ts';
export { correctQualityAnswer } from './quality-correct.ts';
export { assertVersionQualityAllowsDefault, qualityGuardMessages } from './quality-guard.ts';
export { describeRegressions, qualityRegressions } from './quality-scores.ts';
export {
  compareVersionQuality,
  getModelQuality,
  getQualityRun,
  getTalentQuality,
  listQualityDrops,
  listQualityRuns,
  qualityChanged,
  qualityLiveEntities,
} from './quality-views.ts';
export { createQualityRun, type NewQualityRun } from './runs.ts';
