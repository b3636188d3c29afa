import { describe, expect, it } from 'vitest';
import { atLocalHour, detectReminder, reminderConfirmation } from './reminders.ts';

// 15:00 UTC on a Monday; 17:00 in Berlin (summer time), 11:00 in New York.
const now = new Date('2030-06-10T15:00:00Z');

describe('detectReminder', () => {
  it('finds the time before or after what to remind of', () => {
    expect(detectReminder('Remind me tomorrow to call my mom!', now, 'Europe/Berlin')).toEqual({
      about: 'to call my mom',
      dueAt: new Date('2030-06-11T08:00:00Z'),
      when: 'tomorrow',
    });
    expect(detectReminder('haha ok, can you remind me about the gig in 2 days?', now, null)).toEqual({
      about: 'about the gig',
      dueAt: new Date('2030-06-12T15:00:00Z'),
      when: 'in 2 days',
    });
    expect(detectReminder('remind me in an hour to stretch', now, null)?.dueAt).toEqual(new Date('2030-06-10T16:00:00Z'));
    expect(detectReminder('remind me to book flights next week', now, 'America/New_York')?.dueAt).toEqual(
      new Date('2030-06-17T14:00:00Z'),
    );
  });

  it('puts tonight at the evening hour on the fan’s clock, or an hour on when the evening has come', () => {
    expect(detectReminder('remind me tonight to water the plants', now, 'America/New_York')?.dueAt).toEqual(
      new Date('2030-06-10T23:00:00Z'),
    );
    expect(detectReminder('remind me tonight to water the plants', now, 'Asia/Kolkata')?.dueAt).toEqual(
      new Date('2030-06-10T16:00:00Z'),
    );
  });

  it('promises nothing for a message that asks no reminder, or one it does not understand', () => {
    expect(detectReminder('you remind me of my sister', now, null)).toBeNull();
    expect(detectReminder('remind me sometime to call', now, null)).toBeNull();
    expect(detectReminder('remind me in 90 days to renew', now, null)).toBeNull();
    expect(detectReminder('remind me tomorrow', now, null)).toBeNull();
  });

  it('confirms in the twin’s words', () => {
    const request = detectReminder('remind me in 3 days about the exam', now, null);
    expect(request && reminderConfirmation(request)).toBe("Got it, I'll remind you in 3 days ⏰");
  });
});

describe('atLocalHour', () => {
  it('finds the hour on the zone’s clock across a daylight-saving change', () => {
    // Berlin leaves summer time on 27 October 2030: 10:00 is 08:00 UTC before and 09:00 UTC after.
    const saturday = new Date('2030-10-26T12:00:00Z');
    expect(atLocalHour(saturday, 'Europe/Berlin', 0, 10)).toEqual(new Date('2030-10-26T08:00:00Z'));
    expect(atLocalHour(saturday, 'Europe/Berlin', 2, 10)).toEqual(new Date('2030-10-28T09:00:00Z'));
  });
});
