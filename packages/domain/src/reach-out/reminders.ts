// "Remind me tomorrow to call my mom" (docs/reach-out.md#remind-me): a fan's request for a reminder,
// found in their message, with the time it is due on the fan's clock. The parsing is pure, so each
// phrase is unit-tested; `reminderFor` asks the database whether the twin takes reminders at all.
import type { Executor } from '@doppel/db';
import { sql } from 'drizzle-orm';
import { fanTimeZone } from './rules.ts';

export type ReminderRequest = {
  /** What to remind of, with its leading "to" or "about": "to call my mom". */
  about: string;
  dueAt: Date;
  /** How the twin says when, in its confirmation: "tomorrow", "tonight", "in 3 days". */
  when: string;
};

/** A reminder for "tomorrow" or "next week" comes at this hour on the fan's clock; "tonight" at the evening's. */
export const reminderMorningHour = 10;
export const reminderEveningHour = 19;
/** What the twin remembers to remind of is kept this short. */
export const reminderAboutMaxLength = 200;

const numbers: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

type When = { when: string; dueAt: (now: Date, timeZone: string) => Date };

/** The time phrase, or null for one the twin does not understand (then it promises nothing). */
function parseWhen(phrase: string): When | null {
  const text = phrase.trim().toLowerCase();
  if (text === 'tomorrow') return { when: 'tomorrow', dueAt: (now, zone) => atLocalHour(now, zone, 1, reminderMorningHour) };
  if (text === 'next week') return { when: 'next week', dueAt: (now, zone) => atLocalHour(now, zone, 7, reminderMorningHour) };
  if (text === 'tonight' || text === 'this evening') {
    return {
      when: 'tonight',
      // Asked after the evening's hour: in an hour.
      dueAt: (now, zone) => {
        const evening = atLocalHour(now, zone, 0, reminderEveningHour);
        return evening > now ? evening : new Date(now.getTime() + hourMs);
      },
    };
  }
  const match = /^in (\d{1,2}|an?|one|two|three|four|five|six|seven) (hour|day|week)s?$/.exec(text);
  if (!match) return null;
  const count = Number(match[1]) || numbers[match[1] as string] || 0;
  const unit = match[2] as 'hour' | 'day' | 'week';
  const ms = { hour: hourMs, day: dayMs, week: 7 * dayMs }[unit];
  if (count < 1 || count * ms > 30 * dayMs) return null;
  return { when: `in ${count} ${unit}${count === 1 ? '' : 's'}`, dueAt: (now) => new Date(now.getTime() + count * ms) };
}

const timePhrase = String.raw`tomorrow|tonight|this evening|next week|in (?:\d{1,2}|an?|one|two|three|four|five|six|seven) (?:hour|day|week)s?`;
// "remind me tomorrow to call my mom", "remind me to call my mom tomorrow", "can you remind me about the gig in 2 days?"
const whenFirst = new RegExp(String.raw`\bremind me (${timePhrase}) ((?:to|about|that) .+)$`, 'i');
const whenLast = new RegExp(String.raw`\bremind me ((?:to|about|that) .+?) (${timePhrase})$`, 'i');

/** The fan's request for a reminder, or null when the message asks none (or none the twin understands). */
export function detectReminder(text: string, now: Date, timeZone: string | null): ReminderRequest | null {
  const sentence = text
    .trim()
    .replace(/[\s.!?]+$/u, '')
    .replace(/\s+/g, ' ');
  const first = whenFirst.exec(sentence);
  const last = first ? null : whenLast.exec(sentence);
  const [phrase, about] = first ? [first[1], first[2]] : last ? [last[2], last[1]] : [undefined, undefined];
  if (!phrase || !about) return null;
  const when = parseWhen(phrase);
  if (!when) return null;
  const zone = fanTimeZone(timeZone);
  return { about: about.trim().slice(0, reminderAboutMaxLength), dueAt: when.dueAt(now, zone), when: when.when };
}

/**
 * The reminder a fan message asks of this twin, or null: none asked, none understood, or the creator
 * has not turned "Remind me" on (the twin then promises nothing). Read only when the words are there.
 */
export async function reminderFor(
  db: Executor,
  fan: { talentId: string; userId: string; text: string },
  now: Date,
): Promise<ReminderRequest | null> {
  if (!/\bremind me\b/i.test(fan.text)) return null;
  const [row] = await db.execute<{ time_zone: string | null }>(sql`
    select u.time_zone from users u
    where u.id = ${fan.userId} and exists (
      select 1 from reach_out_triggers t where t.talent_id = ${fan.talentId} and t.kind = 'REMIND_ME' and t.enabled)`);
  return row ? detectReminder(fan.text, now, row.time_zone) : null;
}

/** The twin's line confirming it, added to its reply. */
export function reminderConfirmation(request: ReminderRequest): string {
  return `Got it, I'll remind you ${request.when} ⏰`;
}

/** The local date parts of `date` on the zone's clock. */
function localParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** The instant it is `hour`:00 on the zone's clock, `days` days after `now`'s local date. */
export function atLocalHour(now: Date, timeZone: string, days: number, hour: number): Date {
  const today = localParts(now, timeZone);
  // First as if the zone were UTC, then moved by the zone's offset at that moment.
  const guess = Date.UTC(today.year, today.month - 1, today.day + days, hour);
  const seen = localParts(new Date(guess), timeZone);
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - guess;
  return new Date(guess - offset);
}
