// The date pickers' value (@mantine/dates: a local "YYYY-MM-DD HH:mm:ss" string) to and from the
// ISO instant the server takes. Shared by every form that schedules something.
const pad = (value: number) => String(value).padStart(2, '0');

/** A date as the picker shows it, on the viewer's clock. */
export function toPickerValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The picker's local "YYYY-MM-DD HH:mm(:ss)" as the ISO instant the server takes, or null when not a date. */
export function pickerValueToIso(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
