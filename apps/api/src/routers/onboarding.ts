import {
  checkHandle,
  createTalentDraft,
  findTalentByTag,
  finishOnboarding,
  getOnboardingState,
  updateTalentDraft,
} from '@doppel/domain/onboarding';
import { createTalentDraftInput, finishOnboardingInput, onboardingStateOutput, updateTalentDraftInput } from '@doppel/validation';
import { z } from 'zod';
import { accountProcedure, publicProcedure, router } from '../trpc/procedures.ts';

const tagInput = z.object({ tag: z.string().max(100) });

// Creating a twin is for people with an account: every call but the public referral-tag check
// refuses anonymous fans (accountProcedure), who hold a session only to chat.

export const onboardingRouter = router({
  /** The caller's draft and the step it resumes at (docs/product-rules.md#onboarding). */
  get: accountProcedure.output(onboardingStateOutput).query(({ ctx }) => getOnboardingState(ctx.db, ctx.user.id)),

  /** Whether a referral link's tag names a twin (the landing page may greet with its name). */
  checkReferralTag: publicProcedure
    .input(tagInput)
    .output(z.object({ valid: z.boolean(), talentName: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const talent = await findTalentByTag(ctx.db, input.tag);
      return { valid: talent !== undefined, talentName: talent?.name ?? null };
    }),

  /** The handle step's live check: the rule, then uniqueness against talents and other drafts. */
  checkHandle: accountProcedure
    .input(tagInput)
    .output(z.object({ available: z.boolean(), message: z.string().nullable() }))
    .query(({ ctx, input }) => checkHandle(ctx.db, input.tag, ctx.user.id)),

  /** The name step's first submit: creates the caller's draft (or renames it on a repeat). */
  create: accountProcedure
    .input(createTalentDraftInput)
    .output(onboardingStateOutput)
    .mutation(async ({ ctx, input }) => {
      const state = await ctx.write((tx) => createTalentDraft(tx, ctx.user, input));
      return state;
    }),

  /** Any later step's submit, on the caller's own draft only. */
  update: accountProcedure
    .input(updateTalentDraftInput)
    .output(onboardingStateOutput)
    .mutation(async ({ ctx, input }) => {
      const state = await ctx.write((tx) => updateTalentDraft(tx, ctx.storage, ctx.user.id, input));
      return state;
    }),

  /** "Finish setup" with the consent ticked: the draft becomes a twin the caller manages (idempotent). */
  finish: accountProcedure
    .input(finishOnboardingInput)
    .output(z.object({ talentId: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.write((tx) => finishOnboarding(tx, ctx.user, input.id, { confirmedAt: new Date() }));
      return result;
    }),
});
