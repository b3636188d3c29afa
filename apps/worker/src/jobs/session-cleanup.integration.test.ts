import { newId, sessions, signInTokens, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { deleteExpiredSignInState } from '@doppel/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

const minutes = (count: number) => count * 60_000;

describe('session cleanup', () => {
  it('removes sessions past either expiry and expired sign-in tokens, and nothing else', async () => {
    const { db } = database;
    const now = new Date('2030-01-01T12:00:00Z');
    const at = (offset: number) => new Date(now.getTime() + offset);
    const [user] = await db
      .insert(users)
      .values({ email: `cleanup-${newId()}@example.com` })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    await db.insert(sessions).values([
      { id: 'live', secretHash: 'unused', userId: user.id, expiresAt: at(minutes(30)), absoluteExpiresAt: at(minutes(600)) },
      {
        id: 'idle-expired',
        secretHash: 'unused',
        userId: user.id,
        expiresAt: at(-minutes(1)),
        absoluteExpiresAt: at(minutes(600)),
      },
      {
        id: 'absolute-expired',
        secretHash: 'unused',
        userId: user.id,
        expiresAt: at(minutes(30)),
        absoluteExpiresAt: at(-minutes(1)),
      },
      { id: 'expires-exactly-now', secretHash: 'unused', userId: user.id, expiresAt: now, absoluteExpiresAt: at(minutes(600)) },
    ]);
    await db.insert(signInTokens).values([
      { id: 'token-live', email: 'a@example.com', expiresAt: at(minutes(10)) },
      { id: 'token-used-live', email: 'a@example.com', expiresAt: at(minutes(10)), usedAt: at(-minutes(1)) },
      { id: 'token-expired', email: 'a@example.com', expiresAt: at(-minutes(5)) },
    ]);

    const removed = await deleteExpiredSignInState(db, now);

    expect(removed).toEqual({ sessions: 3, signInTokens: 1 });
    const leftSessions = await db.select({ id: sessions.id }).from(sessions);
    expect(leftSessions.map((row) => row.id)).toEqual(['live']);
    const leftTokens = await db.select({ id: signInTokens.id }).from(signInTokens);
    expect(leftTokens.map((row) => row.id).sort()).toEqual(['token-live', 'token-used-live']);

    // Idempotent: a retried run finds nothing more to delete.
    expect(await deleteExpiredSignInState(db, now)).toEqual({ sessions: 0, signInTokens: 0 });
  });
});
