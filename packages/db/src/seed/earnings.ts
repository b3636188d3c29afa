// Builds consistent DAY, MONTH and TOTAL earning frames from per-day gross amounts, so the demo
// earnings page adds up exactly: days sum to their month, months to the total, net = gross * share.
import type { earningFrames } from '../schema/index.ts';
import { earningSources, newId, totalFrameKey } from '../schema/index.ts';

export type EarningSource = (typeof earningSources)[number];
/** Gross micro-USD per source for one day. */
export type DayGross = Record<EarningSource, number>;
export type EarningFrameRow = typeof earningFrames.$inferInsert;

const dayMs = 86_400_000;

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function startOfUtcMonth(date: Date, monthOffset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthOffset, 1));
}

const pad = (value: number) => String(value).padStart(2, '0');
export const monthKey = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
export const dayKey = (date: Date) => `${monthKey(date)}-${pad(date.getUTCDate())}`;

/** Net share of a gross amount; throws rather than round, because demo money must be exact. */
export function netOf(grossMicros: number, revenueSharePpm: number): number {
  const scaled = grossMicros * revenueSharePpm;
  if (scaled % 1_000_000 !== 0) throw new Error(`Net of ${grossMicros} at ${revenueSharePpm} ppm is not a whole micro-USD`);
  return scaled / 1_000_000;
}

type Amounts = Pick<
  EarningFrameRow,
  | 'grossTotal'
  | 'netTotal'
  | 'grossSendMessage'
  | 'netSendMessage'
  | 'grossUnlockImage'
  | 'netUnlockImage'
  | 'grossUnlockAudio'
  | 'netUnlockAudio'
  | 'grossReferral'
  | 'netReferral'
  | 'grossSubscription'
  | 'netSubscription'
>;

const capitalised = {
  sendMessage: 'SendMessage',
  unlockImage: 'UnlockImage',
  unlockAudio: 'UnlockAudio',
  referral: 'Referral',
  subscription: 'Subscription',
} as const;

function amountsOf(gross: DayGross, revenueSharePpm: number): Required<Amounts> {
  const amounts: Record<string, number> = { grossTotal: 0, netTotal: 0 };
  for (const source of earningSources) {
    const net = netOf(gross[source], revenueSharePpm);
    amounts[`gross${capitalised[source]}`] = gross[source];
    amounts[`net${capitalised[source]}`] = net;
    amounts.grossTotal = (amounts.grossTotal ?? 0) + gross[source];
    amounts.netTotal = (amounts.netTotal ?? 0) + net;
  }
  return amounts as Required<Amounts>;
}

function addInto(target: Required<Amounts>, add: Required<Amounts>): void {
  for (const key of Object.keys(add) as (keyof Amounts)[]) target[key] += add[key];
}

/**
 * Frames for every day from `from` (inclusive) to `to` (inclusive, UTC days) for which
 * `grossOfDay` returns amounts, plus the months they fall in and the total.
 */
export function buildEarningFrames(options: {
  talentId: string;
  from: Date;
  to: Date;
  revenueSharePpm: number;
  grossOfDay: (day: Date, index: number) => DayGross | null;
}): EarningFrameRow[] {
  const { talentId, revenueSharePpm } = options;
  const days: EarningFrameRow[] = [];
  const months = new Map<string, EarningFrameRow & Required<Amounts>>();
  const total = {
    id: newId(),
    talentId,
    range: 'TOTAL',
    key: totalFrameKey,
    parentKey: null,
    startedAt: startOfUtcMonth(options.from),
    endedAt: null,
    ...amountsOf({ sendMessage: 0, unlockImage: 0, unlockAudio: 0, referral: 0, subscription: 0 }, revenueSharePpm),
  } satisfies EarningFrameRow;

  const last = startOfUtcDay(options.to).getTime();
  for (let time = startOfUtcDay(options.from).getTime(), index = 0; time <= last; time += dayMs, index++) {
    const day = new Date(time);
    const gross = options.grossOfDay(day, index);
    if (!gross) continue;
    const amounts = amountsOf(gross, revenueSharePpm);
    const month = monthKey(day);
    days.push({
      id: newId(),
      talentId,
      range: 'DAY',
      key: dayKey(day),
      parentKey: month,
      startedAt: day,
      endedAt: new Date(time + dayMs),
      ...amounts,
    });
    let monthFrame = months.get(month);
    if (!monthFrame) {
      monthFrame = {
        id: newId(),
        talentId,
        range: 'MONTH',
        key: month,
        parentKey: totalFrameKey,
        startedAt: startOfUtcMonth(day),
        endedAt: startOfUtcMonth(day, 1),
        ...amountsOf({ sendMessage: 0, unlockImage: 0, unlockAudio: 0, referral: 0, subscription: 0 }, revenueSharePpm),
      };
      months.set(month, monthFrame);
    }
    addInto(monthFrame, amounts);
    addInto(total, amounts);
  }
  return [total, ...months.values(), ...days];
}
