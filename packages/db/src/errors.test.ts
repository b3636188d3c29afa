import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';
import { createDbClient } from './client.ts';
import { isDatabaseUnreachable } from './errors.ts';

/** An error as the driver raises it for a statement the server refused (SQLSTATE `code`). */
const postgresError = (code: string) => Object.assign(new Error(`server said ${code}`), { code });
/** As drizzle hands it to callers: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnreachable', () => {
  it('recognises a refused connection as drizzle reports it', async () => {
    // Nothing listens on a port the OS just handed out and took back.
    const client = createDbClient(`postgres://doppel:doppel@127.0.0.1:${await freePort()}/doppel`, { max: 1 });
    try {
      const error = await client.db.query.users.findFirst().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnreachable(error)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('recognises lost connections and a server going away or not taking connections', () => {
    for (const code of ['CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'ECONNRESET', '57P01', '57P03', '53300', '08006', '08001'])
      expect(isDatabaseUnreachable(wrapped(postgresError(code))), code).toBe(true);
  });

  it('recognises a statement the time limits cut short and a server that stopped answering', () => {
    for (const code of ['57014', '25P03', 'DATABASE_UNANSWERED'])
      expect(isDatabaseUnreachable(wrapped(postgresError(code))), code).toBe(true);
  });

  it('leaves failures of the statement itself alone', () => {
    for (const code of ['23505', '42601', '40001', '22P02'])
      expect(isDatabaseUnreachable(wrapped(postgresError(code))), code).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});
