import { describe, expect, it } from 'vitest';
import { confirmConsentInput, consentRequiredMessage, twinReportInput } from './index.ts';

describe('the Report a twin form', () => {
  it('trims the text, drops the @ and lower-cases the email', () => {
    expect(
      twinReportInput.parse({
        talentTag: ' @mia ',
        reason: 'IMPERSONATION',
        description: '  It uses my face.  ',
        email: ' Me@Example.COM ',
      }),
    ).toEqual({ talentTag: 'mia', reason: 'IMPERSONATION', description: 'It uses my face.', email: 'me@example.com' });
  });

  it('says what is missing, per field', () => {
    const result = twinReportInput.safeParse({ talentTag: '', reason: '', description: 'short', email: 'x' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      talentTag: 'Which twin? Enter its handle',
      reason: 'Choose a reason',
      description: 'Tell us a little more (at least 10 characters)',
      email: 'Please enter a valid email address',
    });
  });
});

describe('the consent confirmation', () => {
  it('accepts only a ticked box', () => {
    expect(confirmConsentInput.parse({ confirmed: true })).toEqual({ confirmed: true });
    for (const confirmed of [false, 'true', undefined]) {
      const result = confirmConsentInput.safeParse({ confirmed });
      expect(result.error?.issues[0]?.message).toBe(consentRequiredMessage);
    }
  });
});
