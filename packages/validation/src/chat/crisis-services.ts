// The crisis services a fan is referred to when a message speaks of suicide or self-harm
// (docs/safety.md): one maintained table by country, with an international fallback. Shared by the
// domain (the safety reply's text) and the public /safety page, so both always list the same lines.
// Keep it checked: numbers change. Last checked 27 November 2026 against each service's own site.

export type CrisisService = {
  /** The service's own name, as it presents itself. */
  name: string;
  /** How to reach it: a number to call or text, or an address. */
  contact: string;
  /** When and how: "call or text, 24/7". */
  note: string;
};

export type CrisisCountry = { code: string; name: string; services: readonly CrisisService[] };

/** ISO 3166-1 alpha-2 codes to their services; sorted by code. */
export const crisisServicesByCountry: Readonly<Record<string, CrisisCountry>> = {
  AU: {
    code: 'AU',
    name: 'Australia',
    services: [{ name: 'Lifeline', contact: '13 11 14', note: 'call or text, 24/7' }],
  },
  CA: {
    code: 'CA',
    name: 'Canada',
    services: [{ name: '9-8-8 Suicide Crisis Helpline', contact: '988', note: 'call or text, 24/7' }],
  },
  DE: {
    code: 'DE',
    name: 'Germany',
    services: [{ name: 'TelefonSeelsorge', contact: '0800 111 0 111', note: 'call, free, 24/7' }],
  },
  ES: {
    code: 'ES',
    name: 'Spain',
    services: [{ name: 'Línea 024', contact: '024', note: 'call, free, 24/7' }],
  },
  FR: {
    code: 'FR',
    name: 'France',
    services: [{ name: '3114 Numéro national de prévention du suicide', contact: '3114', note: 'call, free, 24/7' }],
  },
  GB: {
    code: 'GB',
    name: 'United Kingdom',
    services: [{ name: 'Samaritans', contact: '116 123', note: 'call, free, 24/7' }],
  },
  IE: {
    code: 'IE',
    name: 'Ireland',
    services: [{ name: 'Samaritans', contact: '116 123', note: 'call, free, 24/7' }],
  },
  US: {
    code: 'US',
    name: 'United States',
    services: [{ name: '988 Suicide & Crisis Lifeline', contact: '988', note: 'call or text, 24/7' }],
  },
};

/** For any other country, or when the fan's country is not known. */
export const internationalCrisisServices: readonly CrisisService[] = [
  { name: 'Find A Helpline', contact: 'https://findahelpline.com', note: 'free, confidential helplines in your country' },
];

/** Whatever the country: an emergency is an emergency. */
export const emergencyLine = 'If you are in immediate danger, call your local emergency number.';

/** The services for a country code (any case; "UK" is GB); the international fallback otherwise. */
export function crisisServicesFor(countryCode: string | null | undefined): readonly CrisisService[] {
  const code = countryCode?.trim().toUpperCase();
  const country = code ? crisisServicesByCountry[code === 'UK' ? 'GB' : code] : undefined;
  return country ? country.services : internationalCrisisServices;
}

/** The services as lines of the safety reply: "988 Suicide & Crisis Lifeline: 988 (call or text, 24/7)". */
export function crisisServiceLines(countryCode: string | null | undefined): string[] {
  return crisisServicesFor(countryCode).map((service) => `${service.name}: ${service.contact} (${service.note})`);
}

/** What the fan is told when no admin changed it (admin App, "Crisis protocol"). */
export const defaultCrisisReplyText =
  'It sounds like you might be going through something really painful right now, and I’m glad you said it. ' +
  'I’m an AI, so I can’t give you the support you deserve, but people at these services can, any time, for free:';

/** How long the twin stays out of a chat after a repeated trigger, unless an admin changed it. */
export const defaultCrisisPauseHours = 24;
/** The admins' bounds: at least an hour, at most 30 days. */
export const crisisPauseHoursRange = { min: 1, max: 720 } as const;
