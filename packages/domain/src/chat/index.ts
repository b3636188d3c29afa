// The fan's side of the chat engine (the AI reply lives in ./reply, built separately).
export { assertChatFan, type ChatOwner, canReadChat, chatNotFound, seesOriginals } from './access.ts';
export { adultAge, ageOn, confirmAge, needsAgeConfirmation, twinRequiresAdult } from './age-gate/index.ts';
export {
  allRefusalTexts,
  type BoundaryCheckDeps,
  type BoundaryCrossing,
  type BoundaryRefusal,
  type BoundaryRules,
  checkFanMessage,
  checkReply,
  checkReplyRules,
  classifyContent,
  declaresMinor,
  effectiveLevel,
  flaggedMessageIds,
  getBoundarySettings,
  insertBoundaryFlag,
  listBoundaryFlags,
  matchTopic,
  moderateFanMessage,
  moderationCrossing,
  refundAndFlag,
  refundFanMessage,
  refusalText,
  updateBoundarySettings,
} from './boundaries/index.ts';
export {
  anonymousAddressHash,
  anonymousFanLimits,
  createAnonymousFan,
  forgetAnonymousFanAddresses,
  tooManyAnonymousFansMessage,
} from './fans/anonymous-fans.ts';
export {
  confirmEmbedSignIn,
  describeEmbedSignIn,
  embedSignInInvalidMessage,
  embedSignInMinutes,
  startEmbedSignIn,
} from './fans/embed-sign-in.ts';
export { type MergeResult, mergeAnonymousUser } from './fans/merge.ts';
export { openChat } from './fans/open-chat.ts';
export { type PreviewImage, type TwinPreview, type TwinShare, twinPreviewByTag, twinShareOf } from './fans/twin-preview.ts';
export { decideMessageMedia, decideWelcomeMedia, type MediaDecision } from './media/media-access.ts';
export {
  cleanExtractedMemories,
  clearChatMemories,
  deleteChatMemory,
  formatMemorySection,
  listChatMemories,
  listTalentMemoryFans,
  loadFanMemories,
  type MemoryAccess,
  type MemoryOwner,
  memoriesChanged,
  memoryChatFor,
  memoryPromptLimit,
  memoryPromptMaxChars,
  memorySectionHeading,
  type RememberDeps,
  type RememberResult,
  rememberFanMessage,
  type StoreOutcome,
  selectPromptMemories,
  storeLearntMemories,
  updateChatMemory,
} from './memory/index.ts';
export { listChatMessages } from './messages/list.ts';
export {
  type AttachmentViewContext,
  type ChatMessageRow,
  messageMediaUrl,
  staticMediaUrl,
  toAttachmentView,
  toMessageView,
} from './messages/view.ts';
export type { ChatReplyJob, ChatReplyQueue } from './ports.ts';
export { type ReactInput, reactToMessage } from './react.ts';
export { dueReminders, lastToldAt, reminderIntervalMs, reminderRows, reminderText } from './reminders/index.ts';
export {
  type CrisisAnswer,
  type CrisisContext,
  countryFromRequest,
  crisisWrites,
  getCrisisSettings,
  pausedUntil,
  pausesPersona,
  planCrisisAnswer,
  safetyReplyText,
  safetyReport,
  safetyReportCsv,
  updateCrisisSettings,
} from './safety/index.ts';
export { balanceChanged, type ChatRef, chatChanged, chatScopes, messageChanged, talentNumbersChanged } from './scopes.ts';
export {
  callToActionOf,
  defaultOutOfCreditsTexts,
  type OutOfCreditsAnswer,
  type OutOfCreditsTexts,
  outOfCreditsAnswer,
  repeatedOutOfCreditsMessages,
  repeatsOutOfCreditsAnswer,
  starterAnswer,
} from './send/immediate-answers.ts';
export { type SendMessageInput, type SendMessageResult, sendChatMessage } from './send/send-message.ts';
export { isTestChat, pricesFor, testChatPrices } from './test-chat.ts';
export { chatPath, chatTokenLifetimeMs, chatTokenPath, consumeChatToken, issueChatToken } from './tokens/chat-tokens.ts';
export { parseAttachmentIndex, type UnlockPrices, unlockPrice } from './unlock/prices.ts';
export { type UnlockInput, type UnlockResult, unlockAttachment } from './unlock/unlock-attachment.ts';
