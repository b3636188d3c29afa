import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableMessage, unavailableWhenDatabaseDown } from './database-unavailable.ts';

/** The formatter's input for `error`, with the shape tRPC itself makes for it. */
function formatterInput(error: TRPCError) {
  const shape = getTRPCErrorShape({
    config: { errorFormatter: ({ shape }: { shape: unknown }) => shape, isDev: false } as never,
    error,
    type: 'query',
    path: 'discover.list',
    input: undefined,
    ctx: undefined,
  });
  return { error, shape, path: 'discover.list' };
}

// How drizzle hands over a statement that could not reach the server: its error, the driver's as the cause.
const unreachable = new Error('Failed query: select "id" from "talents"\nparams: ', {
  cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
});

describe('unavailableWhenDatabaseDown', () => {
  it('turns a failure to reach the database into 503 SERVICE_UNAVAILABLE with a line people can act on', () => {
    const input = formatterInput(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: unreachable }));
    const { error, shape, path } = unavailableWhenDatabaseDown(input);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe(databaseUnavailableMessage);
    expect(error.cause).toBe(unreachable);
    expect(shape.message).toBe(databaseUnavailableMessage);
    expect(shape.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    expect(path).toBe('discover.list');
  });

  it('leaves every other failure as it was', () => {
    const bug = formatterInput(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('boom') }));
    expect(unavailableWhenDatabaseDown(bug)).toBe(bug);
    const refusal = formatterInput(new TRPCError({ code: 'NOT_FOUND', message: 'No such twin.', cause: unreachable }));
    expect(unavailableWhenDatabaseDown(refusal)).toBe(refusal);
  });
});
