// The creator's earnings screens (docs/product-rules.md#earnings-and-withdrawal /earnings and /earnings/withdraw; earnings.*). Earnings
// cross as integer micro-USD (exact to a 3 % share of one credit), payouts and the disbursable
// amount as integer cents; the screen formats them.
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { earningSources } from '../enums.ts';
import { type PayoutDetailsInput, payoutDetailsInput, payoutDetailsOutput } from '../payouts/details.ts';
import { payoutOutput } from '../payouts/payout.ts';

const talentId = singleLineText().min(1, 'Talent ID is not defined');
const micro = z.number().int();
const amounts = z.object({ grossMicroUsd: micro, netMicroUsd: micro });

/** Each earning source's gross and net, plus the refunds and disputes taken back (positive). */
export const earningBreakdownOutput = z.object({
  ...Object.fromEntries(earningSources.map((source) => [source, amounts])),
  reversal: amounts,
} as Record<(typeof earningSources)[number] | 'reversal', typeof amounts>);
export type EarningBreakdown = z.infer<typeof earningBreakdownOutput>;

/** One month (`id` yyyy-MM, UTC): its totals (sources minus reversals) and breakdown. */
export const earningMonthOutput = z.object({
  id: z.string().regex(/^\d{4}-\d{2}$/),
  startedAt: z.iso.datetime(),
  grossMicroUsd: micro,
  netMicroUsd: micro,
  breakdown: earningBreakdownOutput,
});
export type EarningMonth = z.infer<typeof earningMonthOutput>;

export const earningsOverviewInput = z.object({ talentId });

/** `talent.earnings.overview`: all-time totals, the disbursable amount and every month, newest first. */
export const earningsOverviewOutput = z.object({
  totalGrossMicroUsd: micro,
  totalNetMicroUsd: micro,
  /** Net older than 24 hours minus pending and executed payouts, floored to cents, never below 0. */
  disbursableCents: z.number().int().nonnegative(),
  /** 2000 (20 USD): Withdraw is disabled below it. */
  minimumPayoutCents: z.number().int(),
  months: z.array(earningMonthOutput),
});
export type EarningsOverview = z.infer<typeof earningsOverviewOutput>;

export const earningsMonthInput = z.object({
  talentId,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11'),
});

/** `talent.earnings.month`: the month's days (`id` yyyy-MM-dd), oldest first; days without earnings are absent. */
export const earningsMonthOutput = z.object({
  id: z.string(),
  days: z.array(z.object({ id: z.string(), startedAt: z.iso.datetime(), grossMicroUsd: micro, netMicroUsd: micro })),
});
export type EarningsMonthDays = z.infer<typeof earningsMonthOutput>;

export const earningsPayoutsInput = z.object({ talentId, cursor: singleLineText().max(200).nullish() });

/** `talent.earnings.payouts`: the twin's payouts, newest first, 50 a page. */
export const earningsPayoutsOutput = z.object({ items: z.array(payoutOutput), nextCursor: z.string().nullable() });
export type EarningsPayouts = z.infer<typeof earningsPayoutsOutput>;

export const withdrawalInput = z.object({ talentId });

/** `talent.earnings.withdrawal`: what a payout request would withdraw now, and the details used last time. */
export const withdrawalOutput = z.object({
  amountCents: z.number().int().nonnegative(),
  minimumPayoutCents: z.number().int(),
  /** The talent's remembered details; null before its first request. */
  details: payoutDetailsOutput.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalOutput>;

/**
 * `talent.earnings.requestPayout`: the destination only. The server decides the amount (everything
 * disbursable at that instant) and refuses below 20 USD.
 */
export const requestPayoutInput = payoutDetailsInput;
export type RequestPayoutInput = { talentId: string } & PayoutDetailsInput;
export const requestPayoutOutput = z.object({ payout: payoutOutput });

export const earningsStatementInput = z.object({ talentId });

/** `talent.earnings.statement`: the monthly statements as a CSV file the browser downloads. */
export const earningsStatementOutput = z.object({ filename: z.string(), csv: z.string() });
export type EarningsStatement = z.infer<typeof earningsStatementOutput>;
