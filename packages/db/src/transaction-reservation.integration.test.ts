// postgres.js 3.4.9 reserved a transaction's connection only when its BEGIN did not fill the
// connection's pipeline: under load (hundreds of replies on a pool of ten) a BEGIN then ran on a
// connection other queries still used, and failed with UNSAFE_TRANSACTION or let them run inside
// it. Our patch (patches/postgres@3.4.9.patch) reserves it as soon as BEGIN is written; these
// drive the pipeline boundary directly (upstream fails this test). The same patch sends a plain
// BEGIN and the transaction's first statements in one write, one round trip fewer: below, that
// they do, and that the transaction holds as before.
import net from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database.drop();
});

describe('a transaction on a pooled postgres.js client', () => {
  it('reserves its connection even when its BEGIN fills the pipeline', async () => {
    // With no room in any pipeline every BEGIN is at the boundary (upstream: always UNSAFE_TRANSACTION).
    // max_pipeline is a postgres.js option its types leave out.
    const options = { max: 4, max_pipeline: 0, onnotice: () => {} } as Parameters<typeof postgres>[1];
    const sql = postgres(database.url, options);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          sql.begin(async (tx) => {
            const [row] = await tx<{ value: number }[]>`select ${index}::int as value`;
            return row?.value;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index));
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

describe('a plain BEGIN, not waited for', () => {
  /** A client whose sockets record every write, as text. */
  const recordingClient = (writes: string[], max = 2) => {
    const socket = ({ host, port }: { host: string[]; port: number[] }) => {
      const connection = net.connect(port[0] ?? 5432, host[0] ?? 'localhost');
      const write = connection.write.bind(connection) as (...args: unknown[]) => boolean;
      connection.write = ((...args: unknown[]) => {
        writes.push(Buffer.from(args[0] as Uint8Array).toString('latin1'));
        return write(...args);
      }) as typeof connection.write;
      return connection;
    };
    // `socket` is a postgres.js option its types leave out.
    return postgres(database.url, { max, onnotice: () => {}, socket } as Parameters<typeof postgres>[1]);
  };

  it('goes out in one write with the transaction’s first statement', async () => {
    const writes: string[] = [];
    const sql = recordingClient(writes);
    try {
      await sql`select 1`;
      writes.length = 0;
      const value = await sql.begin(async (tx) => (await tx`select 41 + 1 as answer`)[0]?.answer);
      expect(value).toBe(42);
      const withBegin = writes.filter((text) => text.includes('begin'));
      expect(withBegin).toHaveLength(1);
      expect(withBegin[0], 'the first statement rides with the BEGIN').toContain('select 41 + 1 as answer');
      // BEGIN with its statement, then COMMIT: two writes where upstream makes three.
      expect(writes).toHaveLength(2);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('still makes one transaction: the statements share its snapshot and an error rolls all back', async () => {
    const sql = recordingClient([]);
    try {
      await sql`create table if not exists begin_pipelined (id int primary key)`;
      const [first, second] = await sql.begin(async (tx) => {
        const [a] = await tx<{ at: Date }[]>`select now() as at`;
        await tx`select pg_sleep(0.01)`;
        const [b] = await tx<{ at: Date }[]>`select now() as at`;
        return [a?.at, b?.at];
      });
      expect(first?.getTime(), 'now() is the transaction’s start').toBe(second?.getTime());
      const failed = sql.begin(async (tx) => {
        await tx`insert into begin_pipelined (id) values (1)`;
        throw new Error('changed my mind');
      });
      await expect(failed).rejects.toThrow('changed my mind');
      expect(await sql`select id from begin_pipelined`).toHaveLength(0);
    } finally {
      await sql`drop table if exists begin_pipelined`;
      await sql.end({ timeout: 1 });
    }
  });

  it('is waited for with options, and when every connection is busy', async () => {
    const sql = recordingClient([], 1);
    try {
      const isolation = await sql.begin(
        'isolation level serializable',
        async (tx) => (await tx<{ transaction_isolation: string }[]>`show transaction_isolation`)[0]?.transaction_isolation,
      );
      expect(isolation).toBe('serializable');
      // One connection: the second transaction's BEGIN waits for the first to finish.
      const both = await Promise.all(
        [1, 2].map((index) => sql.begin(async (tx) => (await tx<{ value: number }[]>`select ${index}::int as value`)[0]?.value)),
      );
      expect(both).toEqual([1, 2]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
