// The admin back-office Payouts screens (docs/product-rules.md#admin-back-office): the list, one payout with its ledger timeline,
// the settings form (any status, a reason for REJECTED and FAILED; each change a ledger entry with
// who made it), sending a PayPal payout, and the pain.001 file of pending bank payouts.
import { getAdminPayout, listAdminPayouts } from '@doppel/domain/admin/payouts';
import { bankFileStatus, makeBankFile, sendPayPalPayout, setPayoutStatus } from '@doppel/domain/payouts';
import { enqueue } from '@doppel/jobs';
import {
  adminPayoutBankFileOutput,
  adminPayoutBankFileStatusOutput,
  adminPayoutDetailOutput,
  adminPayoutGetInput,
  adminPayoutSendPayPalInput,
  adminPayoutsListInput,
  adminPayoutsListOutput,
  adminPayoutUpdateInput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

/** PayPal rarely settles a batch at once: the first look is a little later, then the job's schedule. */
const firstPollDelayMs = 15_000;

export const payoutsRouter = router({
  /** One page of 50 payouts, newest first, one status or all. */
  list: adminProcedure
    .input(adminPayoutsListInput)
    .output(adminPayoutsListOutput)
    .query(({ ctx, input }) => listAdminPayouts(ctx.db, input)),

  /** The payout with its talent, requester, timeline and PayPal state; NOT_FOUND "Payout not found". */
  get: adminProcedure
    .input(adminPayoutGetInput)
    .output(adminPayoutDetailOutput)
    .query(({ ctx, input }) => getAdminPayout(ctx.db, input.payoutId, { payPalConfigured: ctx.payouts.payPal !== null })),

  /** docs/product-rules.md#calls "Update payout": status and rejection reason; answers the payout as saved. */
  update: adminProcedure
    .meta({ audit: { record: 'payout', id: { input: 'payoutId' } } })
    .input(adminPayoutUpdateInput)
    .output(adminPayoutDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) =>
        setPayoutStatus(tx, {
          payoutId: input.payoutId,
          status: input.status,
          reason: input.rejectionReason,
          actorUserId: ctx.user.id,
        }),
      );
      return getAdminPayout(ctx.db, input.payoutId, { payPalConfigured: ctx.payouts.payPal !== null });
    }),

  /**
   * Sends a pending PayPal payout through PayPal Payouts (sender_batch_id = payout id, so a retry
   * never pays twice); a job then polls the batch and marks the payout EXECUTED or FAILED.
   */
  sendPayPal: adminProcedure
    .meta({ audit: { record: 'payout', id: { input: 'payoutId' } } })
    .input(adminPayoutSendPayPalInput)
    .output(adminPayoutDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await sendPayPalPayout(ctx.db, ctx.payouts.payPal, input.payoutId, {
        actorUserId: ctx.user.id,
        write: ctx.write,
        schedulePoll: async (payoutId) => {
          await enqueue(ctx.jobs, 'payouts.paypal-poll', { payoutId }, { startAfter: new Date(Date.now() + firstPollDelayMs) });
        },
      });
      return getAdminPayout(ctx.db, input.payoutId, { payPalConfigured: ctx.payouts.payPal !== null });
    }),

  /** Whether the bank file can be made, and how many pending bank payouts it would hold. */
  bankFileStatus: adminProcedure
    .output(adminPayoutBankFileStatusOutput)
    .query(({ ctx }) => bankFileStatus(ctx.db, ctx.payouts.bankDebtor)),

  /** Pending bank payouts as a pain.001 credit-transfer file to upload to the bank. */
  bankFile: adminProcedure
    .meta({ audit: { none: 'Builds the bank file from pending payouts; changes no record.' } })
    .output(adminPayoutBankFileOutput)
    .mutation(({ ctx }) => makeBankFile(ctx.db, ctx.payouts.bankDebtor, ctx.payouts.bankFile)),
});
