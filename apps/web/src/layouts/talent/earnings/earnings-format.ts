// How the creator's earnings screens word money, months, days, sources and payouts. Pure and
// unit-tested; money is worded by @doppel/validation's shared formatters (floored to cents, as the
// server floors the disbursable amount).
import {
  type EarningBreakdown,
  type EarningSource,
  type EarningsMonthDays,
  formatCents,
  microUsdToCentsFloor,
  type PayoutDetailsOutput,
  type TransferType,
} from '@doppel/validation';

// Made when the chart first needs it, not when the page loads: a page's first Intl format loads
// the locale's data, a task of about 100 ms at a phone's speed (docs/architecture.md#performance).
let compactUsd: Intl.NumberFormat | undefined;

/** A chart axis tick, rounded for reading ("$1.23K"); the tooltip and totals stay exact to the cent. */
export function compactMicroUsd(microUsd: number): string {
  compactUsd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumSignificantDigits: 3,
  });
  return compactUsd.format(microUsdToCentsFloor(microUsd) / 100);
}

function monthParts(monthId: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(monthId);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`${monthId} is not a yyyy-MM month`);
  return { year, month };
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A month id as people say it: "2026-11" -> "November 2026" (months are UTC months). */
export function monthLabel(monthId: string): string {
  const { year, month } = monthParts(monthId);
  return `${monthNames[month - 1]} ${year}`;
}

/** How many days a month has: "2028-02" -> 29. */
export function daysInMonth(monthId: string): number {
  const { year, month } = monthParts(monthId);
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type MonthChartRow = { day: number; gross: number; net: number };

/**
 * One chart row per day of the month (x = day of month), in micro-USD; days without earnings,
 * which the API leaves out, are 0 so the line does not skip them. The current month stops at
 * today (UTC): days still to come are not drawn as days that earned nothing.
 */
export function monthChartRows(monthId: string, days: EarningsMonthDays['days'], now = new Date()): MonthChartRow[] {
  const byDay = new Map<number, { gross: number; net: number }>();
  for (const day of days) {
    const date = Number(day.id.slice(8, 10));
    if (day.id.startsWith(`${monthId}-`) && date >= 1) byDay.set(date, { gross: day.grossMicroUsd, net: day.netMicroUsd });
  }
  const isCurrentMonth = monthId === now.toISOString().slice(0, 7);
  const length = isCurrentMonth ? now.getUTCDate() : daysInMonth(monthId);
  return Array.from({ length }, (_, index) => {
    const day = index + 1;
    return { day, gross: byDay.get(day)?.gross ?? 0, net: byDay.get(day)?.net ?? 0 };
  });
}

export type BreakdownSource = EarningSource | 'reversal';
export type BreakdownRow = { source: BreakdownSource; label: string; grossMicroUsd: number; netMicroUsd: number };

/** The breakdown of docs/product-rules.md#earnings-and-withdrawal, in the order the creator reads it. */
export const breakdownLabels: Record<BreakdownSource, string> = {
  sendMessage: 'Messages',
  subscription: 'Subscriptions',
  unlockImage: 'Images',
  unlockAudio: 'Voice',
  referral: 'Referrals',
  reversal: 'Refunds and disputes',
};

const sourceOrder: readonly EarningSource[] = ['sendMessage', 'subscription', 'unlockImage', 'unlockAudio', 'referral'];

/**
 * The month's rows: every source, then refunds and disputes (stored as a positive amount taken
 * back, shown negative) only when there were any.
 */
export function breakdownRows(breakdown: EarningBreakdown): BreakdownRow[] {
  const rows: BreakdownRow[] = sourceOrder.map((source) => ({
    source,
    label: breakdownLabels[source],
    grossMicroUsd: breakdown[source].grossMicroUsd,
    netMicroUsd: breakdown[source].netMicroUsd,
  }));
  const { grossMicroUsd, netMicroUsd } = breakdown.reversal;
  if (grossMicroUsd !== 0 || netMicroUsd !== 0) {
    rows.push({
      source: 'reversal',
      label: breakdownLabels.reversal,
      grossMicroUsd: -Math.abs(grossMicroUsd),
      netMicroUsd: -Math.abs(netMicroUsd),
    });
  }
  return rows;
}

/** Whether the amount reaches the minimum payout (docs/product-rules.md#constants-and-limits: 20 USD). */
export function canWithdraw(amountCents: number, minimumPayoutCents: number): boolean {
  return amountCents >= minimumPayoutCents;
}

/** Why a payout cannot be requested yet, or null when it can. */
export function belowMinimumText(amountCents: number, minimumPayoutCents: number): string | null {
  if (canWithdraw(amountCents, minimumPayoutCents)) return null;
  return `Payouts start at ${formatCents(minimumPayoutCents)}; you can withdraw ${formatCents(amountCents)} now.`;
}

/** The withdraw form's values (what `talent.earnings.requestPayout` takes besides the talent id). */
export type WithdrawValues = {
  transferType: TransferType;
  accountHolderName: string;
  iban: string;
  bic: string;
  payPalEmail: string;
  taxId: string;
};

export const withdrawFields = ['transferType', 'accountHolderName', 'iban', 'bic', 'payPalEmail', 'taxId'] as const;

/** The form prefilled with the details used last time; a first request starts as a bank transfer. */
export function withdrawValues(details: PayoutDetailsOutput | null): WithdrawValues {
  return {
    transferType: details?.transferType ?? 'BANK_TRANSFER',
    accountHolderName: details?.accountHolderName ?? '',
    iban: details?.iban ?? '',
    bic: details?.bic ?? '',
    payPalEmail: details?.payPalEmail ?? '',
    taxId: details?.taxId ?? '',
  };
}

/**
 * The values with the other transfer type's fields emptied: what is checked and sent, so text
 * left in a hidden field can neither block the form nor travel to the server.
 */
export function chosenDetails(values: WithdrawValues): WithdrawValues {
  return values.transferType === 'BANK_TRANSFER'
    ? { ...values, payPalEmail: '' }
    : { ...values, accountHolderName: '', iban: '', bic: '' };
}
