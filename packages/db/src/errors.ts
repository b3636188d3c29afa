import { unansweredCode } from './unanswered-socket.ts';

/**
 * The unique index or constraint whose violation (Postgres error 23505) made a statement fail, or
 * undefined when it failed for another reason. Drizzle wraps the driver's error, so the causes
 * are searched too.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error; current !== null && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint_name: name } = current as { code?: unknown; constraint_name?: unknown };
    if (code === '23505') return typeof name === 'string' ? name : '';
  }
  return undefined;
}

/** Socket errors of a server that cannot be reached at all. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/**
 * postgres.js's own codes for a connection that was lost, closed under it or never opened in time,
 * and ours for a server that stopped answering (unanswered-socket.ts).
 */
const lostConnectionCodes = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  unansweredCode,
]);
/**
 * node-postgres (pg-boss's driver) gives a lost or timed-out connection no code, only these
 * messages: a server killed or restarted closes the socket under it with the first.
 */
const nodePostgresLostConnectionMessages = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout expired',
]);

/**
 * Postgres SQLSTATEs of a server that is going away or not taking connections: shutting down
 * (57P01, 57P02), starting up or in recovery (57P03), out of connection slots (53300); and of one
 * that did not get a statement done in time: cancelled by statement_timeout (57014, also an
 * operator's pg_cancel_backend), a transaction left idle past idle_in_transaction_session_timeout
 * (25P03). A database frozen or held by a lock reads as unavailable for the moment, not as a bug.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/**
 * Whether a statement failed because the database could not be reached (refused, lost, timed out,
 * shutting down, too slow to answer), not because of the statement: a condition that passes by itself, so callers
 * answer "temporarily unavailable" instead of an internal error. Drizzle wraps the driver's error,
 * so the causes are searched too.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error; current !== null && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === undefined && typeof message === 'string' && nodePostgresLostConnectionMessages.has(message)) return true;
    if (typeof code !== 'string') continue;
    // SQLSTATE class 08 is "connection exception".
    if (
      unreachableCodes.has(code) ||
      lostConnectionCodes.has(code) ||
      unavailableStates.has(code) ||
      /^08[0-9A-Z]{3}$/.test(code)
    )
      return true;
  }
  return false;
}
