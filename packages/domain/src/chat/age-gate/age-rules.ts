// The age gate's pure rules (docs/safety.md, Age gate): which twins ask for it and how old a date
// of birth makes a fan today.
import type { ContentLevel } from '@doppel/validation';

/** Twins above SAFE ask a fan to confirm being an adult before the first message. */
export function twinRequiresAdult(contentLevel: ContentLevel): boolean {
  return contentLevel !== 'SAFE';
}

/** Whether the fan still has to pass the gate: neither confirmed adult nor known minor. */
export function needsAgeConfirmation(
  contentLevel: ContentLevel,
  fan: { adultConfirmedAt: Date | null; declaredMinorAt: Date | null },
): boolean {
  return twinRequiresAdult(contentLevel) && fan.adultConfirmedAt === null && fan.declaredMinorAt === null;
}

/** Full years between a date of birth (YYYY-MM-DD) and `today` in UTC; a birthday today counts. */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
}

export const adultAge = 18;
