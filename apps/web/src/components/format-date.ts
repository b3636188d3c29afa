const pad = (value: number) => String(value).padStart(2, '0');

/** Date and time in the app's format "dd/M/yyyy at HH:mm" (docs/product-rules.md#constants-and-limits), in the viewer's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${date.getMonth() + 1}/${date.getFullYear()} at ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/**
 * How long ago, as lists read best: "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago",
 * then the date ("12/3/2025") past a week. Calendar days in the viewer's zone decide "yesterday".
 * The full date and time stay a hover or long-press away (RelativeTime).
 */
export function formatRelativeTime(value: string | Date, now: Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  // A clock a little ahead of ours still reads as now, not "in 1 min".
  if (elapsed < minuteMs) return 'just now';
  if (elapsed < 60 * minuteMs) return `${Math.floor(elapsed / minuteMs)} min ago`;
  const startOfDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / dayMs);
  if (days === 0) return `${Math.floor(elapsed / (60 * minuteMs))} h ago`;
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}`;
}
