// The session switch every sign-in goes through: the browser's old session ends, a new token
// starts, and inside a transaction that fails nothing changes.
import { sessions, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSession, sessionAbsoluteMs, validateSessionToken } from './sessions.ts';
import { switchSession } from './switch-session.ts';

let database: TestDatabase;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const [user] = await database.db.insert(users).values({ email: 'switch@example.com' }).returning({ id: users.id });
  if (!user) throw new Error('seed failed');
  userId = user.id;
});
afterAll(() => database.drop());

const sessionCount = async () => (await database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('switchSession', () => {
  it('ends the previous session and answers a new token valid until the absolute end', async () => {
    const previous = await createSession(database.db, userId);
    const now = new Date();
    const cookie = await database.db.transaction((tx) => switchSession(tx, userId, previous.session.id, now));
    expect(await validateSessionToken(database.db, previous.token), 'the old token signs no one in').toBeUndefined();
    expect((await validateSessionToken(database.db, cookie.token))?.userId).toBe(userId);
    expect(cookie.expiresAt).toEqual(new Date(now.getTime() + sessionAbsoluteMs));
    expect(await sessionCount()).toBe(1);
  });

  it('starts a session for a browser that had none', async () => {
    const cookie = await database.db.transaction((tx) => switchSession(tx, userId, undefined));
    expect((await validateSessionToken(database.db, cookie.token))?.userId).toBe(userId);
  });

  it('changes nothing when the sign-in’s transaction fails', async () => {
    const previous = await createSession(database.db, userId);
    const before = await sessionCount();
    const failed = database.db.transaction(async (tx) => {
      await switchSession(tx, userId, previous.session.id);
      throw new Error('the sign-in failed after the switch');
    });
    await expect(failed).rejects.toThrow('the sign-in failed after the switch');
    expect((await validateSessionToken(database.db, previous.token))?.userId, 'the old session still works').toBe(userId);
    expect(await sessionCount()).toBe(before);
  });
});
