export { getAudience } from './audience.ts';
export { firstOpenDay, rolledUntil, rollUpAudience } from './audience-rollup.ts';
export { getConversation, type ListConversationsInput, listConversations } from './conversations.ts';
export { getDashboardHome } from './dashboard-home.ts';
export { embedOriginsOf, getEmbedSettings, updateEmbedSettings } from './embed.ts';
export {
  createFeedbackToken,
  type FeedbackBoardConfig,
  type FeedbackUser,
  feedbackTokenLifetimeSeconds,
} from './feedback-token.ts';
export { addStaticAttachment } from './gallery-add.ts';
export { deleteStaticAttachment, updateStaticAttachmentContext } from './gallery-edit.ts';
export { getTalentSettings, staticAttachmentView, voiceView } from './get-settings.ts';
export {
  type AnswerKnowledgeGapInput,
  answerKnowledgeGap,
  type DismissKnowledgeGapInput,
  dismissKnowledgeGap,
  type EmbedTexts,
  type GapGroupDraft,
  type GapQuestion,
  groupGapQuestions,
  isCovered,
  isDismissed,
  isFanQuestion,
  knowledgeGapDays,
  knowledgeGapDismissalsRead,
  knowledgeGapExamples,
  knowledgeGapGroupScore,
  knowledgeGapRecentLimit,
  listKnowledgeGaps,
  normaliseQuestion,
} from './knowledge-gaps/index.ts';
export { referralUrlOf, shareUrlOf } from './links.ts';
export {
  type ConfigSettings,
  listStaticAttachments,
  loadTalent,
  type StaticAttachmentRow,
  type TalentConfigRow,
  type TalentRow,
  talentNotFoundMessage,
} from './load.ts';
export {
  approveReplyDraft,
  type Correction,
  correctionChanged,
  correctionExample,
  correctionsSummary,
  correctionWaits,
  deleteCorrection,
  dropDraft,
  expireHeldReplies,
  getReplyApprovalSettings,
  keepCorrection,
  type LockedDraft,
  listCorrections,
  listReplyDrafts,
  lockPendingDraft,
  queueSentDraftJobs,
  rejectReplyDraft,
  rewriteReply,
  type SentDraftJobs,
  sameExample,
  sendDraft,
  setChatReplyApproval,
  supersedePendingDraft,
  updateReplyApprovalSettings,
} from './reply-approval/index.ts';
export { handBackChat, sendAsCreator, takeOverChat } from './takeover.ts';
export { type TaskLadderState, type TaskProgress, taskProgress } from './task-ladder.ts';
export { type TalentUpdate, updateTalent } from './update-talent.ts';
export { listVoices, setVoice } from './voices.ts';
export { assignWelcomeIds, welcomeMessagesProblem } from './welcome-messages.ts';
