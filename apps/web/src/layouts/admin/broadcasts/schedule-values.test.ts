import { broadcastMessageMaxLength } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { initialScheduleValues, scheduleInputOf, validateSchedule } from './schedule-values.ts';

const now = new Date(2030, 4, 6, 14, 20, 30);

describe('schedule form values', () => {
  it('starts with every twin, empty texts and five minutes ahead', () => {
    expect(initialScheduleValues(now)).toEqual({
      talentId: null,
      chatMessageText: '',
      pushNotificationHeadline: '',
      pushNotificationMessage: '',
      scheduledAt: '2030-05-06 14:25:00',
    });
  });

  it('sends the picked local time as an instant', () => {
    const values = { ...initialScheduleValues(now), talentId: 't1', chatMessageText: 'Hi' };
    expect(scheduleInputOf(values)).toEqual({
      talentId: 't1',
      chatMessageText: 'Hi',
      pushNotificationHeadline: '',
      pushNotificationMessage: '',
      scheduledAt: new Date(2030, 4, 6, 14, 25, 0).toISOString(),
    });
  });

  it('shows the messages of docs/product-rules.md#admin-forms under the fields', () => {
    expect(validateSchedule({ ...initialScheduleValues(now), chatMessageText: '  ' })).toEqual({ chatMessageText: 'Required' });
    expect(validateSchedule({ ...initialScheduleValues(now), chatMessageText: 'Hi', scheduledAt: null })).toEqual({
      scheduledAt: 'Pick a valid date and time',
    });
    expect(
      validateSchedule({ ...initialScheduleValues(now), chatMessageText: 'x'.repeat(broadcastMessageMaxLength + 1) }),
    ).toEqual({ chatMessageText: `The message must be at most ${broadcastMessageMaxLength} characters` });
    expect(validateSchedule({ ...initialScheduleValues(now), chatMessageText: 'Hi' })).toEqual({});
  });
});
