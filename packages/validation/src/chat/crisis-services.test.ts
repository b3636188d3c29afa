import { describe, expect, it } from 'vitest';
import {
  crisisServiceLines,
  crisisServicesByCountry,
  crisisServicesFor,
  internationalCrisisServices,
} from './crisis-services.ts';

describe('crisis services table', () => {
  it.each([
    ['US', '988'],
    ['CA', '988'],
    ['GB', '116 123'],
    ['IE', '116 123'],
    ['AU', '13 11 14'],
    ['DE', '0800 111 0 111'],
    ['FR', '3114'],
    ['ES', '024'],
  ])('%s refers to %s', (country, contact) => {
    expect(crisisServicesFor(country).map((service) => service.contact)).toContain(contact);
  });

  it('reads codes in any case and UK as GB', () => {
    expect(crisisServicesFor('us')).toBe(crisisServicesByCountry.US?.services);
    expect(crisisServicesFor(' uk ')).toBe(crisisServicesByCountry.GB?.services);
  });

  it('falls back to the international list for an unknown or missing country', () => {
    for (const code of ['BR', 'JP', '', null, undefined, 'not a code']) {
      expect(crisisServicesFor(code)).toBe(internationalCrisisServices);
    }
    expect(internationalCrisisServices[0]?.contact).toBe('https://findahelpline.com');
  });

  it('keys every country by its own code and gives each at least one service', () => {
    for (const [code, country] of Object.entries(crisisServicesByCountry)) {
      expect(country.code).toBe(code);
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(country.services.length).toBeGreaterThan(0);
      for (const service of country.services) {
        expect(service.name.trim()).not.toBe('');
        expect(service.contact.trim()).not.toBe('');
      }
    }
  });

  it('writes one readable line per service', () => {
    expect(crisisServiceLines('US')).toEqual(['988 Suicide & Crisis Lifeline: 988 (call or text, 24/7)']);
  });
});
