// How the quality screens word scores and runs (docs/quality.md): scores travel 0..1 and show as
// whole percentages, coloured by how good they are.
import {
  type QualityRegression,
  type QualityRunSummary,
  qualityCategories,
  qualityCategoryLabels,
  qualityRunTriggerLabels,
} from '@doppel/validation';

/** "82%", or a dash when there is no score (a run not finished, or failed). */
export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : `${Math.round(score * 100)}%`;
}

/** Green from 80%, orange from 60%, red below: the same bands everywhere a score shows. */
export function scoreColor(score: number | null | undefined): string {
  if (score === null || score === undefined) return 'gray';
  if (score >= 0.8) return 'teal';
  if (score >= 0.6) return 'orange';
  return 'red';
}

export const runStatusLabels: Record<QualityRunSummary['status'], string> = {
  QUEUED: 'Waiting',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
};

export const isRunActive = (run: Pick<QualityRunSummary, 'status'> | null | undefined) =>
  run?.status === 'QUEUED' || run?.status === 'RUNNING';

/** "Nightly · current setup" or "Run now · version abc123". */
export function runLabel(run: Pick<QualityRunSummary, 'trigger' | 'modelVersionId'>): string {
  const what = run.modelVersionId ? `version ${run.modelVersionId.slice(0, 8)}` : 'current setup';
  return `${qualityRunTriggerLabels[run.trigger]} · ${what}`;
}

/** The run's category scores in check-set order, with labels. */
export function categoryRows(run: Pick<QualityRunSummary, 'categoryScores'>) {
  return qualityCategories
    .filter((category) => run.categoryScores[category] !== undefined)
    .map((category) => ({ category, label: qualityCategoryLabels[category], score: run.categoryScores[category] as number }));
}

/** "FAQ 90% → 60%" for one regression. */
export function regressionLabel(regression: QualityRegression): string {
  const what = regression.category ? qualityCategoryLabels[regression.category] : 'Overall';
  return `${what} ${formatScore(regression.from)} → ${formatScore(regression.to)}`;
}

/** The live tables the quality screens refresh on. */
export const qualityEntities = [
  'quality_cases',
  'quality_runs',
  'quality_results',
  'talent_corrections',
  'models',
  'model_versions',
];
