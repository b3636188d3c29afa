// How the History card shows a recorded value: text as it is, nothing as a dash, anything else
// (numbers, switches, lists, objects) as compact JSON, long ones cut for the card.

/** Longest value shown in full; the rest are cut (the database record holds the whole). */
export const historyValueMax = 300;

export function formatHistoryValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > historyValueMax ? `${text.slice(0, historyValueMax)}…` : text;
}

/** Who made the change: the admin's name and email, or a note when that account is gone. */
export function formatHistoryActor(actor: { name: string | null; email: string | null } | null): string {
  if (!actor) return 'A deleted account';
  if (actor.name && actor.email) return `${actor.name} (${actor.email})`;
  return actor.name ?? actor.email ?? 'An admin';
}
