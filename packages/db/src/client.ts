import type { DatabasePooler } from '@doppel/validation';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { preparingStatements } from './prepared-statements.ts';
import * as schema from './schema/index.ts';
import { unansweredSocketGuard } from './unanswered-socket.ts';

export type Schema = typeof schema;
export type Database = PostgresJsDatabase<Schema>;
/** A transaction handle; query functions accept it so callers can compose one transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Database | Transaction;

export type DbClient = {
  db: Database;
  /** The raw postgres.js client, for the few statements drizzle does not express. */
  sql: postgres.Sql;
  /**
   * Where LISTEN goes: a session of its own on the server. The pool itself without a pooler; the
   * direct URL behind a transaction pooler (which would hand the LISTEN's session to others); absent
   * when there is none, and then the live feed polls instead.
   */
  listener?: postgres.Sql;
  close: () => Promise<void>;
};

/**
 * `pgbouncer-transaction`: DATABASE_URL leads to a pooler in transaction mode (PgBouncer's
 * `pool_mode = transaction`, or any pooler that lends a server session for one transaction only).
 * What needs a session of its own (LISTEN) then goes to the direct URL, or is done without.
 */
export type { DatabasePooler } from '@doppel/validation';
// The list lives with the DATABASE_POOLER setting (@doppel/validation settings); the clients here take its values.
export { databasePoolers } from '@doppel/validation';

/** How to reach the database, as the apps read it from DATABASE_POOLER and DATABASE_DIRECT_URL. */
export type DatabaseConnectionOptions = {
  pooler?: DatabasePooler;
  /** Postgres itself, past the pooler: LISTEN and migrations. Only read behind a pooler. */
  directUrl?: string;
};

/**
 * Time limits of the server sessions, in milliseconds; 0 is none. The API and the worker set them
 * (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS) so a frozen or locked
 * database fails their calls instead of holding them; migrations and the ops CLI run without.
 */
export type DatabaseTimeouts = {
  /** Postgres's statement_timeout: a statement (a lock wait included) running longer is cancelled. */
  statementMs: number;
  /** Postgres's idle_in_transaction_session_timeout: a transaction left idle this long ends its session. */
  idleInTransactionMs: number;
};

export type DbClientOptions = DatabaseConnectionOptions & {
  max?: number;
  applicationName?: string;
  timeouts?: DatabaseTimeouts;
};

/**
 * How long past its statement_timeout a server may stay silent before the connection is given up
 * (unanswered-socket.ts): the cancellation's own round trip, and the event loop of a busy process.
 */
export function unansweredLimitMs(statementMs: number): number {
  return statementMs + Math.min(statementMs, 5_000);
}

/**
 * The session settings sent at connection start. A transaction pooler refuses start-up parameters
 * it does not know (PgBouncer: "unsupported startup parameter"), so behind one none are sent; there
 * the limits belong on the database role (docs/deploy.md), and the silent-server guard still holds.
 */
export function sessionTimeoutSettings(timeouts: DatabaseTimeouts | undefined, behindPooler: boolean): Record<string, number> {
  if (!timeouts || behindPooler) return {};
  return {
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs } : {}),
  };
}

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
  const behindPooler = options.pooler === 'pgbouncer-transaction';
  const statementMs = options.timeouts?.statementMs ?? 0;
  const settings = {
    onnotice: () => {},
    connection: {
      application_name: options.applicationName ?? 'doppel',
      ...sessionTimeoutSettings(options.timeouts, behindPooler),
    },
    backoff: () => reconnectPauseSeconds,
    connect_timeout: connectTimeoutSeconds,
    // Only with a statement limit: without one (migrations, the ops CLI) a long statement is legitimate.
    ...(statementMs > 0 ? { socket: unansweredSocketGuard(unansweredLimitMs(statementMs)) } : {}),
  };
  // A transaction pooler runs each statement on whichever server session is free, where a statement
  // prepared on another session does not exist ("prepared statement … does not exist"). PgBouncer
  // 1.21+ can track them (max_prepared_statements), but 1.18 (Debian 12) and other poolers cannot,
  // so behind a pooler every statement is unnamed: parsed each time, at a round trip more.
  const sql = postgres(url, { ...settings, max: options.max ?? 10, ...(behindPooler ? { prepare: false } : {}) });
  const db = drizzle({ client: behindPooler ? sql : preparingStatements(sql), schema, casing: 'snake_case' });
  if (!behindPooler) return { db, sql, listener: sql, close: () => sql.end({ timeout: 5 }) };
  // postgres.js gives LISTEN a connection of its own on first use; nothing else runs here.
  const listener = options.directUrl
    ? postgres(options.directUrl, {
        ...settings,
        connection: { ...settings.connection, ...sessionTimeoutSettings(options.timeouts, false) },
        max: 1,
      })
    : undefined;
  return {
    db,
    sql,
    ...(listener ? { listener } : {}),
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), listener?.end({ timeout: 5 })]);
    },
  };
}
