// The creator's knowledge-gap inbox (docs/creator-dashboard.md "Knowledge gaps").
export { type AnswerKnowledgeGapInput, answerKnowledgeGap } from './answer-gap.ts';
export { type DismissKnowledgeGapInput, dismissKnowledgeGap } from './dismiss-gap.ts';
export {
  type GapGroupDraft,
  type GapQuestion,
  groupGapQuestions,
  isCovered,
  isDismissed,
  knowledgeGapExamples,
  knowledgeGapGroupScore,
  normaliseQuestion,
} from './group.ts';
export { isFanQuestion } from './is-fan-question.ts';
export {
  type EmbedTexts,
  knowledgeGapDays,
  knowledgeGapDismissalsRead,
  knowledgeGapRecentLimit,
  listKnowledgeGaps,
} from './list-gaps.ts';
