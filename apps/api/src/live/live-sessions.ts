import { type Database, sessions } from '@doppel/db';
import { and, gt, inArray } from 'drizzle-orm';

/**
 * Of `sessionIds`, those that still sign someone in: not signed out (the row is gone, on any
 * process), not expired. One query for every open stream of the process (sessions_pkey).
 */
export async function liveSessionIds(db: Database, sessionIds: string[], now = new Date()): Promise<ReadonlySet<string>> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)));
  return new Set(rows.map((row) => row.id));
}
