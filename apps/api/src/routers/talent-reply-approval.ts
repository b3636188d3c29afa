// Approval mode and corrections (docs/creator-dashboard.md): the twin's approval settings
// (talent.replyApproval.*), the inbox of held replies (talent.replyDrafts.*) and the creator's
// corrections (talent.corrections.*). talentProcedure refuses another twin's talentId; the use
// cases check every draft, chat and message id belongs to that talent (NOT_FOUND otherwise).
import {
  approveReplyDraft,
  correctionsSummary,
  deleteCorrection,
  getReplyApprovalSettings,
  listCorrections,
  listReplyDrafts,
  queueSentDraftJobs,
  rejectReplyDraft,
  rewriteReply,
  updateReplyApprovalSettings,
} from '@doppel/domain/talent';
import { enqueue } from '@doppel/jobs';
import {
  correctionDeleteInput,
  correctionDeleteOutput,
  correctionsListInput,
  correctionsListOutput,
  correctionsSummaryOutput,
  replyApprovalSettings,
  replyApprovalSettingsOutput,
  replyDraftApproveInput,
  replyDraftDecisionOutput,
  replyDraftRejectInput,
  replyDraftsListInput,
  replyDraftsListOutput,
  replyRewriteInput,
  replyRewriteOutput,
} from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentReplyApprovalRouter = router({
  get: talentProcedure
    .output(replyApprovalSettingsOutput)
    .query(({ ctx }) => getReplyApprovalSettings(ctx.db, ctx.user, ctx.talentId)),

  update: talentProcedure
    .input(replyApprovalSettings)
    .output(replyApprovalSettingsOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        updateReplyApprovalSettings(tx, ctx.user, ctx.talentId, {
          enabled: input.enabled,
          holdMinutes: input.holdMinutes,
          expiryAction: input.expiryAction,
        }),
      ),
    ),
});

export const talentReplyDraftsRouter = router({
  /** Pending drafts, oldest first; `nextCursor` continues. */
  list: talentProcedure
    .input(replyDraftsListInput)
    .output(replyDraftsListOutput)
    .query(({ ctx, input }) =>
      listReplyDrafts(ctx.db, ctx.user, { talentId: ctx.talentId, cursor: input.cursor, limit: input.limit }),
    ),

  /** Sends the draft, or the creator's edit of it (kept as a correction). */
  approve: talentProcedure
    .input(replyDraftApproveInput)
    .output(replyDraftDecisionOutput)
    .mutation(({ ctx, input }) =>
      ctx.write(async (tx) => {
        const decided = await approveReplyDraft(tx, ctx.user, {
          talentId: ctx.talentId,
          draftId: input.draftId,
          text: input.text,
        });
        // A reply to a fan who wrote in Telegram goes there too, and a reach-out to the fan's browsers, once.
        await queueSentDraftJobs(tx, decided.messageId, {
          telegramForward: async (jobTx, job) => {
            await enqueue(ctx.jobs, 'telegram.forward', job, { tx: jobTx });
          },
          reachOutPush: async (jobTx, job) => {
            await enqueue(ctx.jobs, 'chat.reach-out-push', job, { tx: jobTx });
          },
        });
        return decided;
      }),
    ),

  /** No reply; the fan gets their credits back. */
  reject: talentProcedure
    .input(replyDraftRejectInput)
    .output(replyDraftDecisionOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => rejectReplyDraft(tx, ctx.user, { talentId: ctx.talentId, draftId: input.draftId })),
    ),
});

export const talentCorrectionsRouter = router({
  summary: talentProcedure
    .output(correctionsSummaryOutput)
    .query(({ ctx }) => correctionsSummary(ctx.db, ctx.user, ctx.talentId)),

  /** What the creator would have answered to a reply the twin sent: kept as a training example. */
  rewrite: talentProcedure
    .input(replyRewriteInput)
    .output(replyRewriteOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        rewriteReply(tx, ctx.user, {
          talentId: ctx.talentId,
          chatId: input.chatId,
          messageId: input.messageId,
          text: input.text,
        }),
      ),
    ),

  /** The corrections kept, newest first, each saying whether the twin's model has trained on it. */
  list: talentProcedure
    .input(correctionsListInput)
    .output(correctionsListOutput)
    .query(({ ctx, input }) =>
      listCorrections(ctx.db, ctx.user, { talentId: ctx.talentId, cursor: input.cursor, limit: input.limit }),
    ),

  /** Takes a correction back: its example leaves the twin's model. */
  delete: talentProcedure
    .input(correctionDeleteInput)
    .output(correctionDeleteOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => deleteCorrection(tx, ctx.user, { talentId: ctx.talentId, correctionId: input.correctionId })),
    ),
});
