// The crisis protocol's pure rules (docs/safety.md): what the fan is told, which country's services,
// and when repeated crisis messages keep the twin out of the chat. Unit-tested.
import { crisisServiceLines, defaultCrisisReplyText, emergencyLine } from '@doppel/validation';

/** The safety reply: the admins' caring message (or the default), the country's services, the emergency line. */
export function safetyReplyText(configuredText: string | null | undefined, country: string | null): string {
  const caring = configuredText?.trim() ? configuredText.trim() : defaultCrisisReplyText;
  const services = crisisServiceLines(country).map((line) => `• ${line}`);
  return [caring, '', ...services, '', emergencyLine].join('\n');
}

/**
 * The fan's country as the request tells it: a country header set by the CDN in front of the API
 * (Cloudflare's `cf-ipcountry`, CloudFront's `cloudfront-viewer-country`), else the region of the
 * browser's first language that has one (`en-US` → US). Null when neither says: the international list.
 * The product stores no country for users, and only the services shown depend on it.
 */
export function countryFromRequest(headers: {
  cdnCountry?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): string | null {
  const cdn = headers.cdnCountry?.trim().toUpperCase();
  // XX and T1 are Cloudflare's "unknown" and Tor.
  if (cdn && /^[A-Z]{2}$/.test(cdn) && cdn !== 'XX' && cdn !== 'T1') return cdn;
  for (const part of headers.acceptLanguage?.split(',') ?? []) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const region = tag.split(/[-_]/).find((subtag, index) => index > 0 && /^[A-Za-z]{2}$/.test(subtag));
    if (region) return region.toUpperCase();
  }
  return null;
}

/**
 * Whether this crisis message pauses the twin: it is repeated, another crisis message came in the
 * same chat within the pause window. The first one gets the safety reply and the twin carries on
 * with the next message; a second within the window keeps the twin out until `now + pause`.
 */
export function pausesPersona(earlierCrisisMessagesInWindow: number): boolean {
  return earlierCrisisMessagesInWindow >= 1;
}

export function pausedUntil(now: Date, pauseHours: number): Date {
  return new Date(now.getTime() + pauseHours * 3_600_000);
}
