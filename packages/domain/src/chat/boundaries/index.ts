export { type BoundaryRefusal, insertBoundaryFlag, refundAndFlag, refundFanMessage } from './flags.ts';
export { flaggedMessageIds, listBoundaryFlags } from './list.ts';
export { moderationCrossing } from './moderation.ts';
export { allRefusalTexts, refusalText } from './refusal.ts';
export { type BoundaryCheckDeps, checkReply, moderateFanMessage } from './reply-check.ts';
export {
  type BoundaryCrossing,
  type BoundaryRules,
  checkFanMessage,
  checkReplyRules,
  classifyContent,
  declaresMinor,
  effectiveLevel,
  matchTopic,
} from './rules.ts';
export { getBoundarySettings, updateBoundarySettings } from './settings.ts';
