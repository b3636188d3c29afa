import { newId, sessions, signInTokens, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { deleteExpiredSignInState } from '@doppel/domain/auth';
import { anonymousAddressHash, anonymousFanLimits, forgetAnonymousFanAddresses } from '@doppel/domain/chat';
import { inArray } from 'drizzle-orm';
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

    expect(removed).toEqual({ sessions: 3, signInTokens: 1, embedSignIns: 0 });
    const leftSessions = await db.select({ id: sessions.id }).from(sessions);
    expect(leftSessions.map((row) => row.id)).toEqual(['live']);
    const leftTokens = await db.select({ id: signInTokens.id }).from(signInTokens);
    expect(leftTokens.map((row) => row.id).sort()).toEqual(['token-live', 'token-used-live']);

    // Idempotent: a retried run finds nothing more to delete.
    expect(await deleteExpiredSignInState(db, now)).toEqual({ sessions: 0, signInTokens: 0, embedSignIns: 0 });
  });

  it('forgets where anonymous fans came from once the limit window has passed, and only then', async () => {
    const { db } = database;
    const now = new Date('2030-01-01T12:00:00Z');
    const hash = anonymousAddressHash('203.0.113.7');
    const made = (msAgo: number) => ({
      isAnonymous: true,
      createdFromAddressHash: hash,
      createdAt: new Date(now.getTime() - msAgo),
    });
    const rows = await db
      .insert(users)
      .values([made(anonymousFanLimits.windowMs + 1), made(anonymousFanLimits.windowMs - minutes(1))])
      .returning({ id: users.id });
    const [old, recent] = rows.map((row) => row.id);

    expect(await forgetAnonymousFanAddresses(db, now)).toBe(1);
    const left = await db
      .select({ id: users.id, hash: users.createdFromAddressHash })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.id),
        ),
      );
    expect(Object.fromEntries(left.map((row) => [row.id, row.hash]))).toEqual({
      [old as string]: null,
      [recent as string]: hash,
    });
    // Idempotent, and the recent fan still counts toward the limit until its hour is over.
    expect(await forgetAnonymousFanAddresses(db, now)).toBe(0);
  });
});
