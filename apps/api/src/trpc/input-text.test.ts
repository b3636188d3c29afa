import { controlCharactersMessage } from '@doppel/validation';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Context } from './context.ts';
import { createCallerFactory } from './procedures.ts';
import { appRouter } from './router.ts';

// Every procedure of the router, present and future: none may let a NUL reach Postgres (500).
const paths = Object.keys(appRouter._def.procedures);

async function failureOf(path: string, input: unknown): Promise<unknown> {
  // The check runs before the tiers and the procedure: no service of the context is reached.
  const caller = createCallerFactory(appRouter)({} as Context) as unknown as Record<string, unknown>;
  const call = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  try {
    await (call as (input: unknown) => Promise<unknown>)(input);
  } catch (error) {
    return error;
  }
  return undefined;
}

function fieldErrorsOf(error: unknown): Record<string, string[] | undefined> {
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe('BAD_REQUEST');
  const cause = (error as TRPCError).cause;
  expect(cause).toBeInstanceOf(z.ZodError);
  return z.flattenError(cause as z.ZodError).fieldErrors as Record<string, string[] | undefined>;
}

describe('control characters in any input', () => {
  it('walks a router of many procedures', () => {
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toEqual(expect.arrayContaining(['chat.send', 'chat.open', 'live.events', 'admin.reactions.get']));
  });

  it.each(paths)('%s refuses a NUL under the field it is in, before the tiers', async (path) => {
    const failure = await failureOf(path, { talentId: 'talent\u0000id', text: 'fine' });
    expect(fieldErrorsOf(failure).talentId).toEqual([controlCharactersMessage]);
  });

  it('finds them deep in arrays and objects, and in keys', async () => {
    const nested = await failureOf('chat.send', { chatId: 'c1', items: [{ text: 'ok' }, { text: 'bell\u0007' }] });
    expect(fieldErrorsOf(nested).items).toEqual([controlCharactersMessage]);
    const key = await failureOf('chat.send', { record: { 'k\u0000': 'v' } });
    expect(fieldErrorsOf(key).record).toEqual([controlCharactersMessage]);
  });
});
