// Days in the app's date format (dd/M/yyyy, docs/product-rules.md#constants-and-limits). A calendar day depends on a time zone, so
// the zone is always named: a day key is already a calendar day, an instant needs the zone to read it in.

/** A calendar day key ("2024-03-07", as frames and periods store it) as "07/3/2024"; other text as is. */
export function formatDayKey(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${Number(month)}/${year}` : day;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of an instant in the given IANA time zone ('UTC', 'Europe/Berlin', or the
 * viewer's own): ("2026-12-23T23:30:00Z", 'Europe/Berlin') -> "24/12/2026"; "" for an invalid date.
 */
export function formatDayInZone(value: string | Date, timeZone: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${String(parts.day).padStart(2, '0')}/${Number(parts.month)}/${parts.year}`;
}

/** The viewer's own time zone, for formatDayInZone on screens that show the viewer's days. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
