// How the talent detail's read-only tabs word things: statuses and their colours, counts and
// chart days (money and days come from @doppel/validation's shared formatters) (payouts are worded by the Payouts section's payout-format.ts).
// Pure, unit-tested.
import type { AdminAnalyticsDay, LlmType, ModelVersionStatus } from '@doppel/validation';
import { formatCount } from '@doppel/validation';

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
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A chart's day label in the app's day/month order (docs/product-rules.md#constants-and-limits): "2024-03-07" → "07/3". */
export function chartDayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}/${Number(month)}` : day;
}

/** Tables whose changes each tab shows. */
export const modelTabEntities = ['models', 'model_versions', 'talent_configs'] as const;
export const payoutsTabEntities = ['payouts'] as const;
export const broadcastsTabEntities = ['broadcasts'] as const;
export const knowledgeTabEntities = ['knowledge_sources'] as const;
export const reachOutTabEntities = ['reach_out_triggers', 'reach_outs'] as const;
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
