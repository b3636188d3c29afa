import type { AudienceOutput } from '@doppel/validation';

const dayMs = 86_400_000;

/** A bucket's axis label: "12 Mar" for a day or a week (its Monday), "Mar 26" for a month. UTC, as the buckets are. */
export function bucketLabel(start: string, bucket: AudienceOutput['bucket']): string {
  const date = new Date(start);
  if (bucket === 'month') return date.toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A whole-number percentage of `part` in `whole`; "–" when there is no one to count. */
export function percent(part: number, whole: number): string {
  if (whole === 0) return '–';
  return `${Math.round((part / whole) * 100)}%`;
}

/** A wait in the largest unit that keeps it readable: "45 s", "12 min", "5 h", "3 days". */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds * 1000 < dayMs) return `${Math.round(seconds / 3600)} h`;
  const days = Math.round((seconds * 1000) / dayMs);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
