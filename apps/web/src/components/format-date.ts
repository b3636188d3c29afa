const pad = (value: number) => String(value).padStart(2, '0');

/** Date and time in the spec's format "dd/M/yyyy at HH:mm" (spec 9), in the viewer's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${date.getMonth() + 1}/${date.getFullYear()} at ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
