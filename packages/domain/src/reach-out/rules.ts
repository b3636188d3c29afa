// The reach-out rules (docs/reach-out.md): pure, so each one is unit-tested without a database.
// Whether the twin may write to one fan now, and which occasions are due.
import type { ContentLevel } from '@doppel/validation';

/** Quiet hours in the fan's zone: nothing is sent from 21:00 to 09:00 their time. */
export const quietHours = { startHour: 21, endHour: 9 } as const;
/** The zone used when the app has never been told the fan's (they never used the reach-out switch). */
export const defaultFanTimeZone = 'UTC';
/** At most one reach-out per fan per twin in any 24 hours, and this many in any 7 days. */
export const reachOutDailyCap = 1;
export const reachOutWeeklyCap = 2;
/** A fan referred to crisis services in a chat within this many days hears nothing unasked from that twin. */
export const crisisQuietDays = 14;
/** A subscription's "ends soon" reach-out comes this many days before its period ends. */
export const endingNoticeDays = 3;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

export type SkipReason = 'OPTED_OUT' | 'CRISIS' | 'MINOR' | 'DAILY_CAP' | 'WEEKLY_CAP' | 'QUIET_HOURS';

export type ReachOutFan = {
  /** The chat's reach-outs_off_at: the fan turned this twin's reach-outs off. */
  reachOutsOffAt: Date | null;
  declaredMinorAt: Date | null;
  timeZone: string | null;
  /** chats.persona_paused_until: repeated crisis messages pause the twin. */
  personaPausedUntil: Date | null;
  /** The newest crisis referral in this chat, if any. */
  lastCrisisReferralAt: Date | null;
  /** When this twin's reach-outs to this fan were sent or held for approval, any order (the last 7 days are enough). */
  sentAt: readonly Date[];
};

export type ReachOutTwin = { contentLevel: ContentLevel };

// One formatter per zone: making one costs tens of microseconds, and a run checks thousands of fans.
// Only zones the runtime knows, as it spells them, are kept (a few hundred at most), whatever fans send.
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourFormat(timeZone: string): Intl.DateTimeFormat | null {
  const known = hourFormats.get(timeZone);
  if (known) return known;
  try {
    const format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    if (format.resolvedOptions().timeZone === timeZone) hourFormats.set(timeZone, format);
    return format;
  } catch {
    return null;
  }
}

/** A zone the runtime knows, else the default. */
export function fanTimeZone(timeZone: string | null): string {
  return timeZone && hourFormat(timeZone) ? timeZone : defaultFanTimeZone;
}

/** The hour (0–23) on the fan's clock at `now`. */
export function localHour(now: Date, timeZone: string | null): number {
  const format = hourFormat(fanTimeZone(timeZone)) as Intl.DateTimeFormat;
  return Number(format.format(now)) % 24;
}

export function inQuietHours(now: Date, timeZone: string | null): boolean {
  const hour = localHour(now, timeZone);
  return hour >= quietHours.startHour || hour < quietHours.endHour;
}

type SafetyFan = Pick<ReachOutFan, 'reachOutsOffAt' | 'personaPausedUntil' | 'lastCrisisReferralAt' | 'declaredMinorAt'>;

/**
 * The fan's own choice and safety: reach-outs turned off, a crisis, a known minor. Checked again
 * when the creator approves a held reach-out, since the fan may have changed meanwhile.
 */
export function fanRefusesReachOut(fan: SafetyFan, twin: ReachOutTwin, now: Date): 'OPTED_OUT' | 'CRISIS' | 'MINOR' | null {
  if (fan.reachOutsOffAt) return 'OPTED_OUT';
  if (fan.personaPausedUntil && fan.personaPausedUntil > now) return 'CRISIS';
  if (fan.lastCrisisReferralAt && now.getTime() - fan.lastCrisisReferralAt.getTime() < crisisQuietDays * dayMs) return 'CRISIS';
  // The same line as the chat's content rules: a known minor is written to only by a Safe twin.
  if (fan.declaredMinorAt && twin.contentLevel !== 'SAFE') return 'MINOR';
  return null;
}

/**
 * Why the twin may not write to this fan now, or null when it may. The fan's own choices and
 * safety come first (off, crisis, minor), then the caps, then the clock. The creator's approval
 * mode does not block: it decides whether the message is sent or held (evaluate.ts).
 */
export function reachOutBlocked(fan: ReachOutFan, twin: ReachOutTwin, now: Date): SkipReason | null {
  const refused = fanRefusesReachOut(fan, twin, now);
  if (refused) return refused;
  const ago = (date: Date) => now.getTime() - date.getTime();
  if (fan.sentAt.filter((date) => ago(date) < dayMs).length >= reachOutDailyCap) return 'DAILY_CAP';
  if (fan.sentAt.filter((date) => ago(date) < 7 * dayMs).length >= reachOutWeeklyCap) return 'WEEKLY_CAP';
  if (inQuietHours(now, fan.timeZone)) return 'QUIET_HOURS';
  return null;
}

/** Reasons that pass with time: the occasion stays due and is tried again on a later run. */
export function isPassingReason(reason: SkipReason): boolean {
  return reason === 'DAILY_CAP' || reason === 'WEEKLY_CAP' || reason === 'QUIET_HOURS';
}

/** A check-in is due: the fan wrote at least `minMessages` and nothing for `quietDays`; keyed by their last message. */
export function checkInOccasion(
  chat: { fanMessageCount: number; lastUserMessageAt: Date | null },
  params: { minMessages: number; quietDays: number },
  now: Date,
): string | null {
  if (!chat.lastUserMessageAt || chat.fanMessageCount < params.minMessages) return null;
  if (now.getTime() - chat.lastUserMessageAt.getTime() < params.quietDays * dayMs) return null;
  return `check-in:${chat.lastUserMessageAt.toISOString()}`;
}

/**
 * A subscription ending within `endingNoticeDays` (still active, and not renewing: the fan cancelled
 * it, or the sandbox's), keyed by the period it ends. One that renews is not about to end.
 */
export function subscriptionEndingOccasion(
  subscription: { id: string; status: string; currentPeriodEnd: Date; endsAtPeriodEnd: boolean },
  now: Date,
): string | null {
  if (subscription.status !== 'ACTIVE' || !subscription.endsAtPeriodEnd) return null;
  const left = subscription.currentPeriodEnd.getTime() - now.getTime();
  if (left <= 0 || left > endingNoticeDays * dayMs) return null;
  return `ending:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`;
}

/**
 * An active subscription whose period has passed is taken as lapsed only this long after: the
 * renewal's payment, which moves the period on, comes after the period's end (days while a card is retried).
 */
export const renewalGraceDays = 2;
/** How long after lapsing a subscription is still written to about it. */
export const lapsedNoticeDays = 7;

export type LapsingSubscription = {
  id: string;
  status: string;
  currentPeriodEnd: Date;
  /** When the provider ended it (it may end before its paid period is over); null while active. */
  endedAt: Date | null;
  /** The fan holds another subscription to the twin that is running. */
  subscribedAgain: boolean;
};

/**
 * A subscription that has lapsed, once per subscription: ended (when the provider ended it), or
 * active with its period passed and unrenewed past the grace; not while the fan is subscribed again.
 */
export function subscriptionLapsedOccasion(subscription: LapsingSubscription, now: Date): string | null {
  if (subscription.subscribedAgain) return null;
  const lapsedAt =
    subscription.status === 'ACTIVE'
      ? subscription.currentPeriodEnd.getTime() + renewalGraceDays * dayMs
      : (subscription.endedAt ?? subscription.currentPeriodEnd).getTime();
  const since = now.getTime() - lapsedAt;
  return since >= 0 && since < lapsedNoticeDays * dayMs ? `lapsed:${subscription.id}` : null;
}
