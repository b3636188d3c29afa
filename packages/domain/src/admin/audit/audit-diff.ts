// What an audit entry keeps of a change: the fields that differ between the record as the admin
// screen read it before and after, nested objects flattened to dotted names (`config.prompt`),
// lists compared whole. Secrets are replaced before anything is stored.
import type { AdminAuditChange } from '@doppel/db';

/** A record as read for the audit: the admin screen's own view of it, or null when absent. */
export type AuditSnapshot = Record<string, unknown> | null;

export const redactedMarker = '[redacted]';

// Field names that hold secrets or their derivatives (password hashes, tokens, API and private
// keys, credentials). Matched on the field's own name at any depth; conservative on purpose: a
// harmless field caught by it loses its value in the log, a secret missed by it would leak.
const secretName = /password|passcode|secret|token|hash|credential|key$|keys$/i;

// Bookkeeping that changes on every save and says nothing about what the admin changed.
const ignoredFields = new Set(['updatedAt']);

/** Longest text kept per value: prompt templates and FAQ texts are long, the log needs their gist. */
export const maxTextLength = 10_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The value as JSON the log can store: dates as ISO text, long texts cut, secrets inside lists and objects redacted. */
function toJson(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > maxTextLength ? `${value.slice(0, maxTextLength)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJson);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, secretName.test(key) && inner != null ? redactedMarker : toJson(inner)]),
    );
  }
  return String(value);
}

/** Leaves of the snapshot by dotted name; lists are leaves (compared and shown whole). */
function flatten(snapshot: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(snapshot)) {
    if (ignoredFields.has(key)) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) for (const [inner, leaf] of flatten(value, name)) leaves.set(inner, leaf);
    else leaves.set(name, value);
  }
  return leaves;
}

/**
 * The fields that differ between `before` and `after` (either may be null: a created or deleted
 * record lists every field), in the snapshot's field order, secrets redacted. A secret that
 * changed is still listed, so the log says that it changed, never what it was or became.
 */
export function diffSnapshots(before: AuditSnapshot, after: AuditSnapshot): AdminAuditChange[] {
  const old = before ? flatten(before) : new Map<string, unknown>();
  const current = after ? flatten(after) : new Map<string, unknown>();
  const fields = [...new Set([...old.keys(), ...current.keys()])];
  const changes: AdminAuditChange[] = [];
  for (const field of fields) {
    const was = toJson(old.get(field));
    const is = toJson(current.get(field));
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    const secret = field.split('.').some((part) => secretName.test(part));
    changes.push({
      field,
      before: secret && was !== null ? redactedMarker : was,
      after: secret && is !== null ? redactedMarker : is,
    });
  }
  return changes;
}
