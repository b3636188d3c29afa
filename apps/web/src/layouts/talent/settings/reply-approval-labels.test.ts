import { replyHoldMinutesChoices } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { holdMinutesLabel } from './reply-approval-labels.ts';

describe('hold limit labels', () => {
  it('names every choice of the settings in minutes or hours', () => {
    expect(replyHoldMinutesChoices.map(holdMinutesLabel)).toEqual(['15 minutes', '1 hour', '4 hours', '12 hours', '24 hours']);
  });

  it('keeps minutes for a limit that is not whole hours', () => {
    expect(holdMinutesLabel(1)).toBe('1 minute');
    expect(holdMinutesLabel(90)).toBe('90 minutes');
  });
});
