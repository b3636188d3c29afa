export {
  type Correction,
  correctionChanged,
  correctionExample,
  correctionsSummary,
  correctionWaits,
  keepCorrection,
  rewriteReply,
  sameExample,
} from './corrections.ts';
export {
  approveReplyDraft,
  dropDraft,
  type LockedDraft,
  listReplyDrafts,
  lockPendingDraft,
  rejectReplyDraft,
  sendDraft,
  supersedePendingDraft,
} from './drafts.ts';
export { expireHeldReplies } from './expiry.ts';
export { deleteCorrection, listCorrections } from './manage-corrections.ts';
export { queueSentDraftJobs, type SentDraftJobs } from './sent-follow-ups.ts';
export { getReplyApprovalSettings, setChatReplyApproval, updateReplyApprovalSettings } from './settings.ts';
