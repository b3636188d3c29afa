// The admin back-office FAQ section (docs/product-rules.md#admin-back-office, #calls "Create FAQ" / "Update FAQ") and the talent
// detail's Faq tab. Use cases live in packages/domain/src/admin/faqs.
import { createAdminFaq, getAdminFaq, getAdminTalentFaq, listAdminFaqs, updateAdminFaq } from '@doppel/domain/admin/faqs';
import {
  adminFaqCreateInput,
  adminFaqCreateOutput,
  adminFaqForTalentInput,
  adminFaqForTalentOutput,
  adminFaqGetInput,
  adminFaqOutput,
  adminFaqsListInput,
  adminFaqsListOutput,
  adminFaqUpdateInput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const faqsRouter = router({
  /** One page of 50 global FAQs (no talent), by name, with question counts; `nextCursor` continues. */
  list: adminProcedure
    .input(adminFaqsListInput)
    .output(adminFaqsListOutput)
    .query(({ ctx, input }) => listAdminFaqs(ctx.db, input)),

  /** A global FAQ (talentId null or absent) or a talent's own; CONFLICT when the talent already has one. */
  create: adminProcedure
    .meta({ audit: { record: 'faq', id: { result: 'id' } } })
    .input(adminFaqCreateInput)
    .output(adminFaqCreateOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => createAdminFaq(tx, input))),

  /** The FAQ with its items in order; NOT_FOUND for an unknown id. */
  get: adminProcedure
    .input(adminFaqGetInput)
    .output(adminFaqOutput)
    .query(({ ctx, input }) => getAdminFaq(ctx.db, input.id)),

  /** Renames the FAQ and replaces its items (unchanged questions keep their embeddings); answers the saved FAQ. */
  update: adminProcedure
    .meta({ audit: { record: 'faq', id: { input: 'id' } } })
    .input(adminFaqUpdateInput)
    .output(adminFaqOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateAdminFaq(tx, input))),

  /** The talent and its own FAQ (null while it has none); NOT_FOUND for an unknown talent. */
  forTalent: adminProcedure
    .input(adminFaqForTalentInput)
    .output(adminFaqForTalentOutput)
    .query(({ ctx, input }) => getAdminTalentFaq(ctx.db, input.talentId)),
});
