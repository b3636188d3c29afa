import { createHash } from 'node:crypto';
import type { Transaction } from '@doppel/db';
import { sql } from 'drizzle-orm';

/**
 * A signed 64-bit advisory-lock key from a string key (the first 8 bytes of its SHA-256): every
 * API process computes the same number, and distinct keys practically never share one.
 */
export function advisoryLockKey(key: string): bigint {
  return createHash('sha256').update(key).digest().readBigInt64BE(0);
}

/**
 * Holds an advisory lock on each key until the transaction ends. A check-then-insert limit ("at
 * most N rows for this email in the window") runs under these locks, so concurrent requests for
 * the same key count one after the other instead of all passing the check at once. The locks are
 * taken in numeric order, whatever order the keys come in, so two transactions sharing keys can
 * never wait on each other in a cycle.
 */
export async function lockKeys(tx: Transaction, keys: readonly string[]): Promise<void> {
  const ordered = [...new Set(keys.map(advisoryLockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of ordered) await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
}
