import { describe, expect, it } from 'vitest';
import {
  attachmentNote,
  correctionsSummaryLabel,
  decisionMessage,
  draftTimingLabel,
  expiryLabel,
  isEditedDraft,
  waitingLabel,
} from './draft-format.ts';

// Local times, so the labels (shown in the viewer's time zone) read the same in any zone.
const at = (hours: number, minutes: number, day = 10) => new Date(2026, 2, day, hours, minutes);
const iso = (date: Date) => date.toISOString();

describe('reply draft labels', () => {
  it('says how long a held reply has waited', () => {
    const now = at(14, 30);
    expect(waitingLabel(iso(at(14, 30)), now)).toBe('Waiting under a minute');
    expect(waitingLabel(iso(at(14, 25)), now)).toBe('Waiting 5 min');
    expect(waitingLabel(iso(at(12, 30)), now)).toBe('Waiting 2 h');
    expect(waitingLabel(iso(at(12, 20)), now)).toBe('Waiting 2 h 10 min');
  });

  it('never says a negative wait when the clocks disagree', () => {
    expect(waitingLabel(iso(at(14, 31)), at(14, 30))).toBe('Waiting under a minute');
  });

  it('says what the hold limit does and when, with the date on another day', () => {
    const now = at(14, 30);
    expect(expiryLabel(iso(at(15, 5)), 'SEND', now)).toBe('sends as drafted at 15:05 unless you act');
    expect(expiryLabel(iso(at(9, 0, 11)), 'DROP', now)).toBe('is dropped on 11/3/2026 at 09:00 unless you act');
    expect(expiryLabel(iso(at(14, 0)), 'DROP', now)).toBe('being dropped');
  });

  it('joins the wait and the expiry on one line', () => {
    const draft = { createdAt: iso(at(14, 25)), expiresAt: iso(at(15, 25)), expiryAction: 'SEND' as const };
    expect(draftTimingLabel(draft, at(14, 30))).toBe('Waiting 5 min · sends as drafted at 15:25 unless you act');
  });

  it('notes the image or voice note going out with the reply', () => {
    expect(attachmentNote([])).toBeNull();
    expect(attachmentNote(['IMAGE'])).toBe('with an image');
    expect(attachmentNote(['AUDIO'])).toBe('with a voice note');
    expect(attachmentNote(['AUDIO', 'IMAGE'])).toBe('with an image and a voice note');
  });

  it('counts a draft as edited only when more than its outer spaces changed', () => {
    expect(isEditedDraft('Hi there!', '  Hi there! ')).toBe(false);
    expect(isEditedDraft('Hi there!', 'Hi there, love!')).toBe(true);
  });

  it('summarises the corrections with one or many', () => {
    expect(correctionsSummaryLabel({ waiting: 1, total: 3 })).toBe('1 correction waiting for the twin’s next training · 3 kept');
    expect(correctionsSummaryLabel({ waiting: 0, total: 0 })).toBe('0 corrections waiting for the twin’s next training · 0 kept');
  });

  it('tells the creator what their decision did', () => {
    expect(decisionMessage({ status: 'APPROVED', corrected: false })).toBe('Reply sent');
    expect(decisionMessage({ status: 'EDITED', corrected: true })).toBe('Edited reply sent — kept as a correction');
    expect(decisionMessage({ status: 'REJECTED', corrected: false })).toBe('Reply rejected; the fan got their credits back');
    expect(decisionMessage({ status: 'SUPERSEDED', corrected: false })).toBe('Not sent: the fan’s message was already answered');
    // A held reach-out: nothing to refund, and no fan message it answered.
    expect(decisionMessage({ status: 'APPROVED', corrected: false }, true)).toBe('Message sent');
    expect(decisionMessage({ status: 'REJECTED', corrected: false }, true)).toBe('Message rejected; the fan will not get it');
    expect(decisionMessage({ status: 'SUPERSEDED', corrected: false }, true)).toBe('Not sent: it no longer fits this fan');
  });
});
