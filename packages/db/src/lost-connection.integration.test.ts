// A connection killed while it ran a statement, then a database that refuses new connections (an
// outage, a restart, a database closed to connections, too many clients): the next query must fail
// with the refusal. postgres.js 3.4.9 kept the killed statement as the connection's current one, so
// the refusal of the reconnect was taken for that statement's and dropped, and the new query waited
// through reconnects until the database came back (a live stream opened during an outage hung).
// Fixed by patches/postgres@3.4.9.patch.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDbClient, type DbClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let client: DbClient;
let admin: DbClient;
let name: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  name = new URL(database.url).pathname.slice(1);
  const adminUrl = new URL(database.url);
  adminUrl.pathname = '/postgres';
  admin = createDbClient(adminUrl.toString(), { max: 1 });
  // One connection, so the next query must reuse the one that was killed.
  client = createDbClient(database.url, { max: 1, applicationName: 'lost-connection-test' });
});
afterAll(async () => {
  await admin.sql`alter database ${admin.sql(name)} allow_connections true`;
  await client.close();
  await admin.close();
  await database.close();
  await database.drop();
});

it('a query after a connection died mid-statement reports the database’s refusal instead of waiting', async () => {
  const sleeping = client.sql`select pg_sleep(600)`.catch((error: unknown) => error);
  // Until the statement runs on the server (a condition, not a delay).
  for (;;) {
    const [row] = await admin.sql`
      select count(*)::int as running from pg_stat_activity
      where datname = ${name} and application_name = 'lost-connection-test' and query like 'select pg_sleep%' and state = 'active'`;
    if (row?.running === 1) break;
  }
  await admin.sql`alter database ${admin.sql(name)} allow_connections false`;
  await admin.sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
  expect(await sleeping).toBeInstanceOf(Error);

  await expect(client.sql`select 1`).rejects.toMatchObject({ code: '55000' });
  // And again: each refusal reaches its query.
  await expect(client.sql`select 2`).rejects.toMatchObject({ code: '55000' });
});
