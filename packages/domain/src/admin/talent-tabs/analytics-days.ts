// The Analytics tab's calendar: a period of whole UTC days ending today (the days earning frames
// are keyed by), and the rows of a per-day query spread over every day of it, zeros where a day
// had no activity. Pure.

const dayMs = 24 * 60 * 60 * 1000;

/** A period of whole UTC days: `start` is the first day's midnight, `end` the midnight after the last. */
export type DayRange = {
  days: number;
  /** yyyy-MM-dd of the first and last day, both included. */
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Every day of the period, oldest first, as yyyy-MM-dd. */
  keys: string[];
};

/** The key of the UTC day `at` falls in: yyyy-MM-dd, the same as its DAY earning frame's key. */
export function utcDayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `days` UTC days ending with the day of `now` (today counts as one). */
export function utcDayRange(now: Date, days: number): DayRange {
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`days must be a positive integer, got ${days}`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * dayMs);
  const keys = Array.from({ length: days }, (_, index) => utcDayKey(new Date(start.getTime() + index * dayMs)));
  return { days, from: keys[0] as string, to: keys.at(-1) as string, start, end: new Date(today + dayMs), keys };
}

/**
 * One row per day of `keys`, in their order: the row a query returned for the day, else `empty(day)`.
 * Rows for days outside `keys` are dropped.
 */
export function fillDays<Row extends { day: string }>(
  keys: readonly string[],
  rows: readonly Row[],
  empty: (day: string) => Row,
): Row[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return keys.map((day) => byDay.get(day) ?? empty(day));
}

/**
 * A count or a sum as the driver returns it (bigint and numeric arrive as text) as an exact
 * JavaScript integer; refuses anything that would lose precision rather than round it.
 */
export function exactInteger(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number) || (typeof value !== 'number' && BigInt(value) !== BigInt(number))) {
    throw new RangeError(`${String(value)} is not an exact integer`);
  }
  return number;
}
