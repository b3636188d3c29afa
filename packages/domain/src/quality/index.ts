export { answerCase, type CaseAnswerDeps, loadQualityTwin, type QualityTwin } from './answer-case.ts';
export { qualityRunChanged } from './changes.ts';
export {
  type AutoCase,
  boundaryCases,
  honestyCases,
  knowledgeCaseLimit,
  knowledgeCasesPerSource,
  refreshCheckSet,
} from './check-set.ts';
export { judgeAnswer, judgeFunction, judgeFunctionName, judgeRubrics } from './judge.ts';
export { type CasePassage, keySentence, knowledgeCases, passageQuestion } from './knowledge-cases.ts';
export { type CaseScore, declines, keyTermOverlap, keyTerms, scoreOffline } from './offline-scorer.ts';
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
export {
  compareRuns,
  latestRuns,
  type QualityDrop,
  type QualityResultRow,
  type QualityRunRow,
  qualityDrops,
  qualityDropThreshold,
  type RunComparison,
  runWithResults,
  type WorsenedCase,
  worsenedThreshold,
} from './reads.ts';
export {
  caseConcurrency,
  defaultLlmFor,
  defaultMaxCases,
  defaultMaxTokens,
  executeQualityRun,
  isPermanentRunFailure,
  markRunFailed,
  type QualityEngine,
  type QualityRunDeps,
  QualityRunFailure,
  type QualityRunOutcome,
  type QualityVersion,
  routedLlmFor,
  runFailureMessage,
} from './run-quality.ts';
export { createQualityRun, type NewQualityRun } from './runs.ts';
export {
  baselineFreshMs,
  changeDebounceMs,
  changedTwinIds,
  type EnqueueRun,
  liveTwinIds,
  queueRuns,
  scheduledRunLimit,
  scheduleVersionRuns,
} from './schedule.ts';
export { type CaseScorer, caseScorer, defaultJudgeModel } from './score-case.ts';
