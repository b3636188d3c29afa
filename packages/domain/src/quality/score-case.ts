// One answer's score: the judge model when the worker has a model key, the offline scorer otherwise.
import type { QualityCaseCategory, QualityScorer } from '@doppel/db';
import { cosineSimilarity } from '../chat/reply/faq.ts';
import type { LlmPort } from '../ports/llm.ts';
import { judgeAnswer } from './judge.ts';
import { type CaseScore, scoredByAgreement, scoreOffline } from './offline-scorer.ts';

/** QUALITY_JUDGE_MODEL's default: a small model reads a rubric well enough and costs little. */
export const defaultJudgeModel = 'gpt-4o-mini';

export type CaseScorer = {
  kind: QualityScorer;
  score: (entry: { category: QualityCaseCategory; question: string; expected: string; answer: string }) => Promise<CaseScore>;
};

/** The judge with a real model; offline, agreement by `llm.embed` plus the rules of offline-scorer.ts. */
export function caseScorer(llm: LlmPort, judgeModel: string = defaultJudgeModel): CaseScorer {
  if (llm.engine === 'openai') return { kind: 'judge', score: (entry) => judgeAnswer(llm, judgeModel, entry) };
  return {
    kind: 'offline',
    score: async (entry) => {
      let similarity = 0;
      if (scoredByAgreement(entry.category)) {
        const [answer, expected] = await llm.embed([entry.answer, entry.expected]);
        similarity = answer && expected ? cosineSimilarity(answer, expected) : 0;
      }
      return scoreOffline({ ...entry, similarity });
    },
  };
}
