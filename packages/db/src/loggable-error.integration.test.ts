// What a log line keeps of real failures from Postgres through drizzle: the codes and the names of
// what broke, never the statement, its parameters, or the values Postgres quotes back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loggableError, loggableErrorText, scrubbedError } from './loggable-error.ts';
import { users } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable('it should fail'),
    (error: unknown) => error,
  );

describe('loggableError', () => {
  it('keeps the code and constraint of a unique violation, not the address in its detail or the statement', async () => {
    const email = 'private.person@example.com';
    await database.db.insert(users).values({ email, name: 'First' });
    const failure = await failureOf(database.db.insert(users).values({ email, name: 'Second' }));

    const logged = JSON.stringify(loggableError(failure));
    expect(loggableError(failure).cause).toMatchObject({ code: '23505', constraint: expect.stringContaining('email') });
    expect(logged).not.toContain('private.person');
    expect(logged).not.toMatch(/insert into|params:/i);
    expect(loggableErrorText(failure)).toContain('[23505]');
  });

  it('leaves out the value Postgres quotes in its own message', async () => {
    const value = 'not-a-uuid-secret-value';
    // Comparing an integer column with text Postgres cannot read: 22P02 names the text it got.
    const failure = await failureOf(
      database.db
        .select()
        .from(users)
        .where(eq(users.credits, value as never)),
    );

    const logged = JSON.stringify(loggableError(failure));
    expect(loggableError(failure).cause?.code).toBe('22P02');
    expect(logged).not.toContain(value);
  });

  it('hands the tracker Errors of the same kinds and chain, without the statement', async () => {
    const failure = await failureOf(database.db.execute('select * from no_such_table where id = 42'));
    const scrubbed = scrubbedError(failure);
    expect(scrubbed).toBeInstanceOf(Error);
    expect(scrubbed.message).not.toContain('no_such_table where');
    expect(scrubbed.cause).toMatchObject({ name: 'PostgresError', code: '42P01' });
    // Class 42 quotes only names from our own SQL: the message stays whole.
    expect((scrubbed.cause as Error).message).toContain('no_such_table');
    expect(scrubbed.stack).toMatch(/\n {4}at /);
  });
});
