import { isAdmin, managesTalent } from '@doppel/domain/access';
import type { Session } from '@doppel/domain/auth';
import type { Me } from '@doppel/validation';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { auditedWrite, auditTarget } from '../audit/audited-write.ts';
import { domainErrors, metered, t } from './init.ts';
import { refuseControlCharacters } from './input-text.ts';
import { sessionCachedCalls } from './session-cache.ts';

// The access tiers, in one place. Each checks the caller before the procedure's own input is
// parsed, so a caller below the tier learns nothing about valid inputs.

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// Any mutation but the fan's hot path (sessionCachedCalls) forgets every cached session once it has
// run (session-cache.ts), so a sign-out or a sign-in replacing a session is seen by the next send.
const forgetsSessions = t.middleware(async ({ ctx, path, type, next }) => {
  const result = await next();
  // Whatever the outcome: a failed mutation may still have committed part of its work.
  // A bare context (a unit test's caller) has no cache.
  if (type === 'mutation' && !sessionCachedCalls.has(path)) ctx.sessionCache?.forgetAll();
  return result;
});

// Every call is counted for /metrics; control characters are refused before anything reads the
// input, the tiers included.
const base = t.procedure.use(metered).use(forgetsSessions).use(refuseControlCharacters).use(domainErrors);

/** Anyone, signed in or not. */
export const publicProcedure = base.meta({ access: 'public' });

/** Any signed-in user (creators, fans, admins). */
export const authedProcedure = base.meta({ access: 'authed' }).use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  // Only what changes: tRPC merges it into the context itself (a copy of every service per spread).
  return next({ ctx: { user: ctx.user as Me, session: ctx.session as Session } });
});

/**
 * A signed-in person with an account (an email), not an anonymous fan: what creating a twin needs.
 * An anonymous fan holds a session only to chat, so it must not pass for a creator (onboarding).
 */
export const accountProcedure = authedProcedure.meta({ access: 'account' }).use(({ ctx, next }) => {
  if (ctx.user.isAnonymous) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Please sign in with your email to continue.' });
  }
  return next();
});

/** A manager of the talent named by the input's `talentId`. */
export const talentProcedure = authedProcedure
  .meta({ access: 'talent' })
  .input(z.object({ talentId: z.string().min(1, 'Talent ID is not defined') }))
  .use(({ ctx, input, next }) => {
    if (!managesTalent(ctx.user, input.talentId)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not manage this talent.' });
    }
    return next({ ctx: { talentId: input.talentId } });
  });

/**
 * Back-office staff (role ADMIN). A mutation that declares the record it changes (meta.audit)
 * gets a ctx.write that records the change in the audit log, in the change's own transaction.
 */
export const adminProcedure = authedProcedure
  .meta({ access: 'admin' })
  .use(async ({ ctx, meta, type, path, getRawInput, next }) => {
    if (!isAdmin(ctx.user)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'This needs an admin account.' });
    }
    const target = type === 'mutation' ? auditTarget(meta?.audit) : undefined;
    if (!target) return next();
    let wrote = false;
    const write = auditedWrite(ctx, target, path, await getRawInput(), () => {
      wrote = true;
    });
    const result = await next({ ctx: { write } });
    // A declared record changed outside ctx.write would go unrecorded: say so loudly.
    if (result.ok && !wrote)
      ctx.req.log.error({ procedure: path }, 'an audited admin mutation wrote without ctx.write: nothing was recorded');
    return result;
  });
