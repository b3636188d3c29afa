// Comparing two quality runs' scores (docs/quality.md): what got worse from one run to another,
// as Make Default's guard, the version comparison and the "Quality dropped" card word it.
import { type QualityCategory, type QualityRegression, qualityCategories, qualityCategoryLabels } from '@doppel/validation';
import { qualityDropThreshold } from './reads.ts';

type Scored = { overallScore: number | null; categoryScores: Partial<Record<QualityCategory, number>> };

/**
 * The scores of `candidate` worse than `baseline`'s: the overall score lower at all (an admin
 * choosing a version that answers worse overall should know), and each category both runs scored
 * lower by `qualityDropThreshold` or more (the engine's threshold: smaller moves are the scorer's noise).
 */
export function qualityRegressions(candidate: Scored, baseline: Scored): QualityRegression[] {
  const regressions: QualityRegression[] = [];
  if (candidate.overallScore !== null && baseline.overallScore !== null && candidate.overallScore < baseline.overallScore) {
    regressions.push({ category: null, from: baseline.overallScore, to: candidate.overallScore });
  }
  for (const category of qualityCategories) {
    const to = candidate.categoryScores[category];
    const from = baseline.categoryScores[category];
    if (to === undefined || from === undefined) continue;
    if (from - to >= qualityDropThreshold - 1e-9) regressions.push({ category, from, to });
  }
  return regressions;
}

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** "Overall 82% → 71%, FAQ 90% → 70%": the regressions in one line. */
export function describeRegressions(regressions: readonly QualityRegression[]): string {
  return regressions
    .map(
      (regression) =>
        `${regression.category ? qualityCategoryLabels[regression.category] : 'Overall'} ${percent(regression.from)} → ${percent(regression.to)}`,
    )
    .join(', ');
}
