export {
  type AnswerFanMessageInput,
  type AnswerFanMessageResult,
  answerFanMessage,
  type ReplyDeps,
  replyFallbackText,
} from './answer-fan-message.ts';
export {
  alreadySentPenalty,
  type ChooseImageInput,
  chooseImage,
  contentWords,
  type GalleryCandidate,
  wordOverlap,
} from './attachment-choice.ts';
export { type CorrectionExample, exampleTextLimit, formatExampleSection } from './example-section.ts';
export {
  defaultExampleMinScore,
  type EmbeddedCorrection,
  exampleCandidateLimit,
  exampleMatchLimit,
  type MatchCorrectionExamplesInput,
  matchCorrectionExamples,
  rankCorrectionExamples,
} from './examples.ts';
export {
  cosineSimilarity,
  defaultFaqMinScore,
  type EmbeddedFaqItem,
  faqMatchLimit,
  type MatchFaqItemsInput,
  matchFaqItems,
  QuestionVectors,
  rankFaqItems,
} from './faq.ts';
export {
  answeringPassageScore,
  defaultPassageMinScore,
  embedMessageOnce,
  type PassageMatch,
  PassageVectors,
  passageEmbedBatch,
  passageEmbeddingText,
  passageMatchLimit,
  type RetrievePassagesInput,
  retrievePassages,
  textWeight,
  vectorWeight,
} from './knowledge.ts';
export { loadUnaskedContext, type ReplyModelRoute, type UnaskedContext } from './load.ts';
export {
  type BuildReplyPromptInput,
  buildReplyFunctions,
  buildReplyPrompt,
  type FaqMatch,
  formatChatExamples,
  formatFaqItems,
  formatPassages,
  type HistoryMessage,
  historyMessages,
  humanize,
  type PromptPassage,
  type ReplyPersona,
  type ReplyPrompt,
  type ReplyPromptTemplate,
  type ReplyTemplates,
  renderTemplate,
  replyHistoryLimit,
  templateValues,
} from './prompt.ts';
export { noteRateLimited, rateLimitBackoffMs, rateLimitWaitMs } from './rate-limits.ts';
export {
  completeWords,
  createReplyDraftStream,
  type DraftPublisher,
  defaultDraftIntervalMs,
  type ReplyDraftStream,
  type ReplyDraftStreamOptions,
} from './stream-drafts.ts';
export {
  TwinMaterialCache,
  type TwinMaterialCacheOptions,
  twinMaterialEntities,
  twinMaterialTtlMs,
} from './twin-material-cache.ts';
