import { DomainError } from '@doppel/domain/errors';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { internalErrorMessage, publicMessage } from './init.ts';

describe('the message a caller sees', () => {
  it('hides the SQL and parameters of an internal failure behind a generic line', () => {
    const failure = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Failed query: insert into "faqs" ("id") values ($1)\nparams: secret',
      cause: new Error('duplicate key value violates unique constraint "faqs_pkey"'),
    });
    expect(publicMessage(failure, undefined)).toBe(internalErrorMessage);
  });

  it('keeps a refusal’s own message and gives invalid input its first field message', () => {
    const refusal = new TRPCError({
      code: 'NOT_FOUND',
      message: 'This FAQ does not exist.',
      cause: new DomainError('NOT_FOUND', 'This FAQ does not exist.'),
    });
    expect(publicMessage(refusal, undefined)).toBe('This FAQ does not exist.');
    const parsed = z.object({ name: z.string().min(1, 'Required') }).safeParse({ name: '' });
    const invalid = new TRPCError({ code: 'BAD_REQUEST', message: 'raw zod text', cause: parsed.error });
    expect(publicMessage(invalid, { name: ['Required'] })).toBe('Required');
  });
});
