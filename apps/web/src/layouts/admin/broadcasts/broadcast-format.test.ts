import { describe, expect, it } from 'vitest';
import { pickerValueToIso, toPickerValue } from '../../../components/picker-value.ts';
import {
  activeStep,
  broadcastPath,
  broadcastPercent,
  broadcastProgress,
  defaultScheduleValue,
  schedulePresets,
} from './broadcast-format.ts';

describe('broadcast format', () => {
  it('links to a broadcast by its encoded id', () => {
    expect(broadcastPath('a/b')).toBe('/broadcasts/a%2Fb');
  });

  it('shows progress as sent of scheduled, and its percentage', () => {
    expect(broadcastProgress({ sentMessageCount: 1200, scheduledMessageCount: 2400 })).toBe('1,200 / 2,400');
    expect(broadcastPercent({ status: 'SENDING_MESSAGES', sentMessageCount: 96, scheduledMessageCount: 240 })).toBe(40);
    expect(broadcastPercent({ status: 'SCHEDULED', sentMessageCount: 0, scheduledMessageCount: 0 })).toBe(0);
    expect(broadcastPercent({ status: 'COMPLETED', sentMessageCount: 0, scheduledMessageCount: 0 })).toBe(100);
  });

  it('stands the stepper on the current status, past the end once completed', () => {
    expect(activeStep('SCHEDULED')).toBe(0);
    expect(activeStep('PREPARING')).toBe(1);
    expect(activeStep('SENDING_MESSAGES')).toBe(2);
    expect(activeStep('COMPLETED')).toBe(4);
    expect(activeStep('DELETED')).toBe(0);
  });

  it('defaults the schedule to five minutes ahead on the minute, and converts the picker value to an instant', () => {
    const now = new Date(2030, 0, 2, 9, 58, 41);
    expect(defaultScheduleValue(now)).toBe('2030-01-02 10:03:00');
    expect(pickerValueToIso('2030-01-02 10:03:00')).toBe(new Date(2030, 0, 2, 10, 3, 0).toISOString());
    expect(pickerValueToIso('2030-01-02 10:03')).toBe(new Date(2030, 0, 2, 10, 3, 0).toISOString());
    expect(pickerValueToIso(toPickerValue(now))).toBe(now.toISOString().replace(/\.\d{3}Z$/, '.000Z'));
    expect(pickerValueToIso('')).toBeNull();
    expect(pickerValueToIso('tomorrow')).toBeNull();
  });

  it('offers quick picks a minute, an hour and tomorrow morning ahead', () => {
    const now = new Date(2030, 0, 31, 22, 15, 0);
    expect(schedulePresets.map((preset) => toPickerValue(preset.at(now)))).toEqual([
      '2030-01-31 22:16:00',
      '2030-01-31 23:15:00',
      '2030-02-01 09:00:00',
    ]);
  });
});
