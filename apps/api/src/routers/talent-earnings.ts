// The creator's earnings (docs/product-rules.md#earnings-and-withdrawal /earnings, /earnings/withdraw): months, days, payouts, the
// withdrawal and the payout request, and the monthly statements CSV. Managers of the twin only.
import {
  earningsStatementCsv,
  getEarningsMonth,
  getEarningsOverview,
  getWithdrawal,
  listCreatorPayouts,
  requestPayout,
} from '@doppel/domain/payouts';
import {
  earningsMonthInput,
  earningsMonthOutput,
  earningsOverviewOutput,
  earningsPayoutsInput,
  earningsPayoutsOutput,
  earningsStatementOutput,
  requestPayoutInput,
  requestPayoutOutput,
  withdrawalOutput,
} from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentEarningsRouter = router({
  /** All-time totals, the disbursable amount and every month (gross, net, breakdown), newest first. */
  overview: talentProcedure.output(earningsOverviewOutput).query(({ ctx }) => getEarningsOverview(ctx.db, ctx.talentId)),

  /** One month's days for its chart. */
  month: talentProcedure
    .input(earningsMonthInput)
    .output(earningsMonthOutput)
    .query(({ ctx, input }) => getEarningsMonth(ctx.db, ctx.talentId, input.month)),

  /** The twin's payouts, newest first, 50 a page. */
  payouts: talentProcedure
    .input(earningsPayoutsInput)
    .output(earningsPayoutsOutput)
    .query(({ ctx, input }) => listCreatorPayouts(ctx.db, { talentId: ctx.talentId, cursor: input.cursor })),

  /** What a request would withdraw now and the details used last time. */
  withdrawal: talentProcedure.output(withdrawalOutput).query(({ ctx }) => getWithdrawal(ctx.db, ctx.talentId)),

  /**
   * docs/product-rules.md#calls "Request payout": the destination comes from the form, the amount from the server
   * (everything disbursable now, at least 20 USD). Success: "Payout requested!".
   */
  requestPayout: talentProcedure
    .input(requestPayoutInput)
    .output(requestPayoutOutput)
    .mutation(async ({ ctx, input }) => {
      const { talentId: _talentId, ...details } = input as typeof input & { talentId: string };
      const payout = await ctx.write((tx) => requestPayout(tx, { talentId: ctx.talentId, userId: ctx.user.id, details }));
      return { payout };
    }),

  /** The monthly statements (gross, net, referral, reversals, payouts) as a CSV file. */
  statement: talentProcedure.output(earningsStatementOutput).query(({ ctx }) => earningsStatementCsv(ctx.db, ctx.talentId)),
});
