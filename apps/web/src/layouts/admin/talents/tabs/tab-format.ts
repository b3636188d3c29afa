// How the talent detail's read-only tabs word things: money from integer units, statuses and
// their colours, counts and chart days (payouts are worded by the Payouts section's payout-format.ts).
// Pure, unit-tested.
import { type AdminAnalyticsDay, type LlmType, type ModelVersionStatus, microUsdPerCent } from '@doppel/validation';

/**
 * `amount` integer units of 10^-digits as exact decimal text ("123456", 2 → "1234.56"). Intl formats
 * that text exactly, so no binary fraction ever touches money.
 */
export function decimalText(amount: number, digits: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${amount} is not an exact integer`);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function money(currency: string, minDigits: number, maxDigits: number): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    });
  } catch {
    // An unknown currency code: the amount with the code after it, never a wrong symbol.
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits });
  }
}

/**
 * Earnings: integer micro-USD → "$0.06", "$0.003", "$1,234.567891": at least cents, and every
 * further digit that is not zero, so a 3 % referral share of a credit still shows.
 */
export function formatMicroUsd(microUsd: number): string {
  return money('USD', 2, 6).format(decimalText(microUsd, 6) as Intl.StringNumericLiteral);
}

/**
 * Headline money: integer micro-USD in whole cents, the fraction of a cent dropped toward zero as on
 * the creator's earnings screen ("$497.58", never "$497.588"); the exact amount is formatMicroUsd's.
 */
export function formatMicroUsdCents(microUsd: number): string {
  if (!Number.isSafeInteger(microUsd)) throw new RangeError(`${microUsd} is not an exact integer`);
  const cents = (microUsd - (microUsd % microUsdPerCent)) / microUsdPerCent;
  // -0 would print "-$0.00" for a sub-cent reversal.
  return money('USD', 2, 2).format(decimalText(cents === 0 ? 0 : cents, 2) as Intl.StringNumericLiteral);
}

/** The version statuses as docs/product-rules.md#model-version-statuses names them. */
export const modelVersionStatusLabels: Record<ModelVersionStatus, string> = {
  UPLOADING_TRAINING_FILE: 'Uploading',
  FINE_TUNING: 'Fine Tuning',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
};

export const modelVersionStatusColors: Record<ModelVersionStatus, string> = {
  UPLOADING_TRAINING_FILE: 'blue',
  FINE_TUNING: 'blue',
  SUCCEEDED: 'teal',
  FAILED: 'red',
};

/** OFFLINE is the built-in engine that answers without a language model. */
export function llmTypeLabel(llmType: LlmType): string {
  return llmType === 'OFFLINE' ? 'Offline engine' : 'OpenAI';
}

/** "1 version", "3 versions". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** A chart's day label in the app's day/month order (docs/product-rules.md#constants-and-limits): "2024-03-07" → "07/3". */
export function chartDayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}/${Number(month)}` : day;
}

/** A period day key in the app's date format (docs/product-rules.md#constants-and-limits): "2024-03-07" → "07/3/2024". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${Number(month)}/${year}` : day;
}

/** Tables whose changes each tab shows. */
export const modelTabEntities = ['models', 'model_versions', 'talent_configs'] as const;
export const payoutsTabEntities = ['payouts'] as const;
export const broadcastsTabEntities = ['broadcasts'] as const;
export const analyticsTabEntities = ['earning_frames', 'metric_frames', 'chats', 'chat_messages'] as const;

/** True when anything happened in the period: a message, a new chat or revenue. */
export function hasActivity(period: { messages: number; newChats: number; grossMicroUsd: number }): boolean {
  return period.messages > 0 || period.newChats > 0 || period.grossMicroUsd > 0;
}

/** The chart rows: a day label, and the twin's messages as what is left of all messages after the fans'. */
export function analyticsChartRows(series: readonly AdminAnalyticsDay[]) {
  return series.map((day) => ({
    label: chartDayLabel(day.day),
    day: day.day,
    fanMessages: day.fanMessages,
    twinMessages: day.messages - day.fanMessages,
    fans: day.fans,
    payingFans: day.payingFans,
    gross: day.grossMicroUsd,
    net: day.netMicroUsd,
  }));
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 3,
});

/** A revenue axis tick: rounded for reading ("$1.23K"); the tooltip and totals stay exact. */
export function compactUsdFromMicro(microUsd: number): string {
  return compactUsd.format(microUsd / 1_000_000);
}
