// Approval mode and corrections (talent.replyApproval.*, talent.replyDrafts.*, talent.corrections.*):
// the twin's replies held as drafts for the creator to approve, edit or reject, and the creator's
// own answers kept as training examples on the twin's model (docs/creator-dashboard.md).
import { z } from 'zod';
import { chatSendInput } from '../chat/index.ts';
import { singleLineText } from '../common/single-line.ts';
import { reachOutKinds } from '../enums.ts';
import { chatReplyApprovalModes } from './conversation-filters.ts';
import { conversationFanOutput, conversationGetInput } from './conversations.ts';

/** How long a held reply may wait for the creator, in minutes: the choices the settings offer. */
export const replyHoldMinutesChoices = [15, 60, 240, 720, 1440] as const;
export const defaultReplyHoldMinutes = 60;

/** What happens to a held reply once it waited longer than the hold limit. */
export const replyExpiryActions = ['SEND', 'DROP'] as const;
export type ReplyExpiryAction = (typeof replyExpiryActions)[number];

export const replyApprovalSettings = z.object({
  /** Every fan's replies are held, unless a fan's chat says otherwise. */
  enabled: z.boolean({ error: 'Say whether replies wait for your approval.' }),
  holdMinutes: z
    .number({ error: 'Choose how long a reply may wait.' })
    .int('Choose how long a reply may wait.')
    .refine((minutes) => (replyHoldMinutesChoices as readonly number[]).includes(minutes), 'Choose how long a reply may wait.'),
  expiryAction: z.enum(replyExpiryActions, { error: 'Choose what happens to a reply that waited too long.' }),
});
export type ReplyApprovalSettings = z.infer<typeof replyApprovalSettings>;
export const replyApprovalSettingsOutput = replyApprovalSettings;

export const chatReplyApprovalInput = z.object({
  chatId: conversationGetInput.shape.chatId,
  mode: z.enum(chatReplyApprovalModes, { error: 'Choose TWIN, ALWAYS or NEVER.' }),
});
export const chatReplyApprovalOutput = z.object({ mode: z.enum(chatReplyApprovalModes), holdsReplies: z.boolean() });

export const replyDraftStatuses = [
  'PENDING',
  'APPROVED',
  'EDITED',
  'REJECTED',
  'SENT_ON_EXPIRY',
  'DROPPED_ON_EXPIRY',
  'SUPERSEDED',
] as const;
export type ReplyDraftStatus = (typeof replyDraftStatuses)[number];

export const replyDraftsListInput = z.object({
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: singleLineText().min(1, 'The list position is empty.').max(500, 'The list position is too long.').optional(),
  limit: z.number().int().min(1, 'Ask for at least 1 draft.').max(50, 'Ask for at most 50 drafts at a time.').default(20),
});

export const replyDraftOutput = z.object({
  id: z.string(),
  chatId: z.string(),
  fan: conversationFanOutput,
  /** The fan's message a held reply answers; null for a reach-out. */
  fanMessage: z.object({ id: z.string(), text: z.string(), createdAt: z.iso.datetime() }).nullable(),
  /** The trigger of a reach-out the twin would send unasked; null for a reply. */
  reachOut: z.object({ kind: z.enum(reachOutKinds) }).nullable(),
  text: z.string(),
  /** Image or voice note the twin attached ("IMAGE" | "AUDIO"); they go out with the reply. */
  attachmentTypes: z.array(z.enum(['IMAGE', 'AUDIO'])),
  createdAt: z.iso.datetime(),
  /** When the hold limit sends or drops it. */
  expiresAt: z.iso.datetime(),
  expiryAction: z.enum(replyExpiryActions),
});
export type ReplyDraftView = z.infer<typeof replyDraftOutput>;

/** Oldest first: the reply a fan has waited longest for comes first. */
export const replyDraftsListOutput = z.object({
  items: z.array(replyDraftOutput),
  nextCursor: z.string().nullable(),
  /** Every pending draft of the twin, not only this page. */
  pendingCount: z.number().int(),
});
export type ReplyDraftsListOutput = z.infer<typeof replyDraftsListOutput>;

const draftId = singleLineText().min(1, 'Draft ID is not defined').max(100, 'Draft ID is too long.');

/**
 * `talent.replyDrafts.approve`: sends the draft; with `text` different from the draft, the
 * creator's text is sent instead and kept as a correction. Same text rules as a fan's message.
 */
export const replyDraftApproveInput = z.object({ draftId, text: chatSendInput.shape.text.optional() });
export const replyDraftRejectInput = z.object({ draftId });
export const replyDraftDecisionOutput = z.object({
  status: z.enum(replyDraftStatuses),
  /** The message the fan received; null when nothing was sent. */
  messageId: z.string().nullable(),
  /** Whether the creator's text became a correction. */
  corrected: z.boolean(),
});
export type ReplyDraftDecision = z.infer<typeof replyDraftDecisionOutput>;

/** `talent.corrections.rewrite`: what the creator would have answered instead of a reply the twin sent. */
export const replyRewriteInput = z.object({
  chatId: conversationGetInput.shape.chatId,
  messageId: singleLineText().min(1, 'Message ID is not defined').max(100, 'Message ID is too long.'),
  text: chatSendInput.shape.text,
});
export const replyRewriteOutput = z.object({ correctionId: z.string(), text: z.string() });

/** What the creator sees: corrections kept, and how many the twin's model has not trained on yet. */
export const correctionsSummaryOutput = z.object({
  total: z.number().int(),
  /** Kept since the model's newest training version (all of them before the first). */
  waiting: z.number().int(),
  /** Replies held for approval right now. */
  pendingDrafts: z.number().int(),
});
export type CorrectionsSummary = z.infer<typeof correctionsSummaryOutput>;

export const correctionSources = ['DRAFT_EDIT', 'REWRITE', 'QUALITY_CHECK'] as const;

export const correctionsListInput = z.object({
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: singleLineText().min(1, 'The list position is empty.').max(500, 'The list position is too long.').optional(),
  limit: z
    .number()
    .int()
    .min(1, 'Ask for at least 1 correction.')
    .max(50, 'Ask for at most 50 corrections at a time.')
    .default(20),
});

export const correctionOutput = z.object({
  id: z.string(),
  /** An edited draft, a sent reply the creator rewrote, or a weak answer of a quality check corrected. */
  source: z.enum(correctionSources),
  fanText: z.string(),
  answerText: z.string(),
  /** The chat of the reply corrected; null for a quality check's correction. */
  chatId: z.string().nullable(),
  replyMessageId: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  /** Not yet in a trained version of the twin's model. */
  waiting: z.boolean(),
});
export type CorrectionView = z.infer<typeof correctionOutput>;

/** Newest first. */
export const correctionsListOutput = z.object({ items: z.array(correctionOutput), nextCursor: z.string().nullable() });
export type CorrectionsListOutput = z.infer<typeof correctionsListOutput>;

export const correctionDeleteInput = z.object({
  correctionId: singleLineText().min(1, 'Correction ID is not defined').max(100, 'Correction ID is too long.'),
});
export const correctionDeleteOutput = z.object({ deleted: z.literal(true) });
