import { describe, expect, it } from 'vitest';
import {
  checkInOccasion,
  inQuietHours,
  type ReachOutFan,
  reachOutBlocked,
  subscriptionEndingOccasion,
  subscriptionLapsedOccasion,
} from './rules.ts';

const day = 86_400_000;
// 15:00 UTC: outside quiet hours in UTC.
const now = new Date('2026-11-28T15:00:00Z');
const fan: ReachOutFan = {
  reachOutsOffAt: null,
  declaredMinorAt: null,
  timeZone: null,
  personaPausedUntil: null,
  lastCrisisReferralAt: null,
  sentAt: [],
};
const twin = { contentLevel: 'SAFE' as const };
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('reachOutBlocked', () => {
  it('lets a fan with nothing against it be written to', () => {
    expect(reachOutBlocked(fan, twin, now)).toBeNull();
  });

  it('never writes to a fan who turned reach-outs off', () => {
    expect(reachOutBlocked({ ...fan, reachOutsOffAt: ago(day) }, twin, now)).toBe('OPTED_OUT');
  });

  it('never writes while the twin is paused for a crisis, nor within 14 days of a crisis referral', () => {
    expect(reachOutBlocked({ ...fan, personaPausedUntil: new Date(now.getTime() + 1000) }, twin, now)).toBe('CRISIS');
    expect(reachOutBlocked({ ...fan, lastCrisisReferralAt: ago(13 * day) }, twin, now)).toBe('CRISIS');
    expect(reachOutBlocked({ ...fan, lastCrisisReferralAt: ago(15 * day) }, twin, now)).toBeNull();
  });

  it('writes to a known minor only when the twin is Safe', () => {
    const minor = { ...fan, declaredMinorAt: ago(day) };
    expect(reachOutBlocked(minor, twin, now)).toBeNull();
    expect(reachOutBlocked(minor, { ...twin, contentLevel: 'SUGGESTIVE' }, now)).toBe('MINOR');
    expect(reachOutBlocked(minor, { ...twin, contentLevel: 'ADULT' }, now)).toBe('MINOR');
  });

  it('sends at most one a day and two in seven days', () => {
    expect(reachOutBlocked({ ...fan, sentAt: [ago(23 * 3_600_000)] }, twin, now)).toBe('DAILY_CAP');
    expect(reachOutBlocked({ ...fan, sentAt: [ago(25 * 3_600_000)] }, twin, now)).toBeNull();
    expect(reachOutBlocked({ ...fan, sentAt: [ago(2 * day), ago(5 * day)] }, twin, now)).toBe('WEEKLY_CAP');
    expect(reachOutBlocked({ ...fan, sentAt: [ago(2 * day), ago(8 * day)] }, twin, now)).toBeNull();
  });

  it('keeps quiet from 21:00 to 09:00 on the fan’s clock', () => {
    // 15:00 UTC is 00:00 in Tokyo and 10:00 in New York.
    expect(reachOutBlocked({ ...fan, timeZone: 'Asia/Tokyo' }, twin, now)).toBe('QUIET_HOURS');
    expect(reachOutBlocked({ ...fan, timeZone: 'America/New_York' }, twin, now)).toBeNull();
  });

  it('puts the fan’s and safety reasons before the caps and the clock', () => {
    const all = { ...fan, reachOutsOffAt: ago(day), sentAt: [ago(1000)], timeZone: 'Asia/Tokyo' };
    expect(reachOutBlocked(all, twin, now)).toBe('OPTED_OUT');
  });
});

describe('inQuietHours', () => {
  it('uses UTC for a fan whose zone is unknown or not a zone', () => {
    expect(inQuietHours(new Date('2026-11-28T08:59:00Z'), null)).toBe(true);
    expect(inQuietHours(new Date('2026-11-28T09:00:00Z'), null)).toBe(false);
    expect(inQuietHours(new Date('2026-11-28T20:59:00Z'), 'Not/AZone')).toBe(false);
    expect(inQuietHours(new Date('2026-11-28T21:00:00Z'), 'Not/AZone')).toBe(true);
  });
});

describe('occasions', () => {
  const params = { minMessages: 5, quietDays: 7 };

  it('makes a check-in due after the quiet days, for a fan who wrote enough, keyed by the last message', () => {
    const last = ago(8 * day);
    expect(checkInOccasion({ fanMessageCount: 5, lastUserMessageAt: last }, params, now)).toBe(`check-in:${last.toISOString()}`);
    expect(checkInOccasion({ fanMessageCount: 4, lastUserMessageAt: last }, params, now)).toBeNull();
    expect(checkInOccasion({ fanMessageCount: 9, lastUserMessageAt: ago(6 * day) }, params, now)).toBeNull();
    expect(checkInOccasion({ fanMessageCount: 9, lastUserMessageAt: null }, params, now)).toBeNull();
  });

  it('tells of a subscription ending within 3 days, once per period, and of one that lapsed, once', () => {
    const ending = { id: 's1', status: 'ACTIVE', currentPeriodEnd: new Date(now.getTime() + 2 * day), endsAtPeriodEnd: true };
    expect(subscriptionEndingOccasion(ending, now)).toBe(`ending:s1:${ending.currentPeriodEnd.toISOString()}`);
    // One that renews is not ending: its fan is not told it is.
    expect(subscriptionEndingOccasion({ ...ending, endsAtPeriodEnd: false }, now)).toBeNull();
    expect(subscriptionEndingOccasion({ ...ending, currentPeriodEnd: new Date(now.getTime() + 4 * day) }, now)).toBeNull();
    expect(subscriptionEndingOccasion({ ...ending, status: 'CANCELED' }, now)).toBeNull();
    const running = { ...ending, endedAt: null, subscribedAgain: false };
    expect(subscriptionLapsedOccasion(running, now)).toBeNull();
    // Unrenewed: lapsed once the renewal's grace has passed too, and told for a week.
    expect(subscriptionLapsedOccasion({ ...running, currentPeriodEnd: ago(day) }, now)).toBeNull();
    expect(subscriptionLapsedOccasion({ ...running, currentPeriodEnd: ago(3 * day) }, now)).toBe('lapsed:s1');
    expect(subscriptionLapsedOccasion({ ...running, currentPeriodEnd: ago(10 * day) }, now)).toBeNull();
    // Ended by the provider: from then, even with its period paid weeks ahead; not when subscribed again.
    const ended = { ...running, status: 'ENDED', endedAt: ago(1000), currentPeriodEnd: new Date(now.getTime() + 20 * day) };
    expect(subscriptionLapsedOccasion(ended, now)).toBe('lapsed:s1');
    expect(subscriptionLapsedOccasion({ ...ended, subscribedAgain: true }, now)).toBeNull();
  });
});
