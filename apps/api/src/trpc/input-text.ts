import { controlCharactersMessage, findControlCharacters } from '@doppel/validation';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { t } from './init.ts';

/**
 * Refuses any call whose input holds a control character in a string or key, before the access
 * tiers and the procedure's own schema see it (a tier reads `talentId` from the raw input, and a
 * NUL reaching Postgres answered 500). One check for every procedure, present and future, rather
 * than a refinement on each of the hundreds of string fields. The answer is the usual invalid
 * input: BAD_REQUEST with the message under the field it was found in.
 */
export const refuseControlCharacters = t.middleware(async ({ getRawInput, next }) => {
  const path = findControlCharacters(await getRawInput());
  if (path) {
    // ZodRealError is what zod's parse throws: an Error, so tRPC keeps it as the cause and the
    // errorFormatter turns it into field errors like any invalid input.
    const issue = { code: 'custom' as const, path, message: controlCharactersMessage, input: undefined };
    throw new TRPCError({ code: 'BAD_REQUEST', message: controlCharactersMessage, cause: new z.ZodRealError([issue]) });
  }
  return next();
});
