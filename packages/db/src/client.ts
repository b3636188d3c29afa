import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { preparingStatements } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PostgresJsDatabase<Schema>;
/** A transaction handle; query functions accept it so callers can compose one transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Database | Transaction;

export type DbClient = {
  db: Database;
  /** The raw postgres.js client, for LISTEN and the few statements drizzle does not express. */
  sql: postgres.Sql;
  close: () => Promise<void>;
};

export type DbClientOptions = { max?: number; applicationName?: string };

/**
 * While the server is unreachable, every call must fail at once (the API answers "temporarily
 * unavailable") rather than wait. postgres.js pauses before each reconnect for a delay that grows
 * to 20 s with every failed attempt, and a query queued behind a full pool waits its turn through
 * those pauses: with Postgres down, calls beyond the pool size hung for tens of seconds. A short
 * fixed pause keeps each queued query's own attempt prompt, and still keeps a lost LISTEN
 * connection from retrying in a tight loop.
 */
const reconnectPauseSeconds = 0.1;
/** A server that accepts nothing (a dead host, a lost route) is given up on after this, not 30 s. */
const connectTimeoutSeconds = 5;

/** Opens a pooled connection; snake_case column names are derived from the camelCase keys. */
export function createDbClient(url: string, options: DbClientOptions = {}): DbClient {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'doppel' },
    backoff: () => reconnectPauseSeconds,
    connect_timeout: connectTimeoutSeconds,
  });
  const db = drizzle({ client: preparingStatements(sql), schema, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
