// The send's statements built once (built-once.ts) run on the executor of each call: inside a
// transaction they see its uncommitted rows and hold its locks, and each call gets its own values.
import { users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { debit, lockFanBalanceQuery } from './balance.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(() => database.drop());

describe('statements built once', () => {
  it('run in the caller transaction, with the values of each call', async () => {
    await database.db.insert(users).values([
      { id: 'built-once-a', email: 'a@built.once', credits: 5, paidCredits: 7 },
      { id: 'built-once-b', email: 'b@built.once', credits: 1, paidCredits: 2 },
    ]);
    // Built on the database handle first, then run inside a transaction: the rows it made are seen.
    expect(await lockFanBalanceQuery(database.db, 'built-once-a')).toMatchObject([{ credits: 5, paidCredits: 7 }]);
    const inside = await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: 'built-once-new', email: 'new@built.once', credits: 3 });
      const [fresh] = await lockFanBalanceQuery(tx, 'built-once-new');
      const [b] = await lockFanBalanceQuery(tx, 'built-once-b');
      return { fresh, b, balance: await debit(tx, 'built-once-b', { free: 1, paid: 2 }) };
    });
    expect(inside).toMatchObject({
      fresh: { credits: 3 },
      b: { credits: 1, paidCredits: 2 },
      balance: { credits: 0, paidCredits: 0 },
    });
  });

  it('leave nothing behind when the transaction rolls back', async () => {
    await database.db.insert(users).values({ id: 'built-once-c', email: 'c@built.once', credits: 4 });
    await expect(
      database.db.transaction(async (tx) => {
        await debit(tx, 'built-once-c', { free: 4, paid: 0 });
        expect(await lockFanBalanceQuery(tx, 'built-once-c')).toMatchObject([{ credits: 0 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await lockFanBalanceQuery(database.db, 'built-once-c')).toMatchObject([{ credits: 4 }]);
  });
});
