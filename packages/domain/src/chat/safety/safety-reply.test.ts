import { defaultCrisisReplyText } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { countryFromRequest, pausedUntil, pausesPersona, safetyReplyText } from './safety-reply.ts';

describe('safetyReplyText', () => {
  it('gives the US 988 under the default caring message', () => {
    const text = safetyReplyText('', 'US');
    expect(text.startsWith(defaultCrisisReplyText)).toBe(true);
    expect(text).toContain('988 Suicide & Crisis Lifeline: 988');
    expect(text).toContain('emergency number');
  });

  it('uses the admins’ text and the fallback list for an unknown country', () => {
    const text = safetyReplyText('  We care about you.  ', null);
    expect(text.startsWith('We care about you.\n')).toBe(true);
    expect(text).toContain('https://findahelpline.com');
  });
});

describe('countryFromRequest', () => {
  it('prefers the CDN’s country header', () => {
    expect(countryFromRequest({ cdnCountry: 'gb', acceptLanguage: 'en-US' })).toBe('GB');
  });

  it('ignores unknown CDN values and reads the first language with a region', () => {
    expect(countryFromRequest({ cdnCountry: 'XX', acceptLanguage: 'de, en-AU;q=0.8, en-US;q=0.5' })).toBe('AU');
    expect(countryFromRequest({ acceptLanguage: 'zh-Hant-TW' })).toBe('TW');
    expect(countryFromRequest({ acceptLanguage: 'es-419' })).toBeNull();
  });

  it('is null when nothing says', () => {
    expect(countryFromRequest({})).toBeNull();
    expect(countryFromRequest({ acceptLanguage: 'fr' })).toBeNull();
  });
});

describe('pausing the twin', () => {
  it('pauses from the second crisis message within the window', () => {
    expect(pausesPersona(0)).toBe(false);
    expect(pausesPersona(1)).toBe(true);
    expect(pausedUntil(new Date('2026-11-27T10:00:00Z'), 24).toISOString()).toBe('2026-11-28T10:00:00.000Z');
  });
});
