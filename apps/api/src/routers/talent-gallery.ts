import { addStaticAttachment, deleteStaticAttachment, updateStaticAttachmentContext } from '@doppel/domain/talent';
import {
  addStaticAttachmentInput,
  deleteStaticAttachmentInput,
  staticAttachmentOutput,
  updateStaticAttachmentInput,
} from '@doppel/validation';
import { z } from 'zod';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentGalleryRouter = router({
  /** docs/product-rules.md#calls "Add static attachment": a gallery upload's result joins the twin's gallery. */
  add: talentProcedure
    .input(addStaticAttachmentInput)
    .output(staticAttachmentOutput)
    .mutation(async ({ ctx, input }) => {
      const added = await ctx.write((tx) =>
        addStaticAttachment(tx, ctx.storage, ctx.images, ctx.talentId, input.staticAttachment),
      );
      return added;
    }),

  /** docs/product-rules.md#calls "Update static attachment": the image's context (3 to 40 characters). */
  update: talentProcedure
    .input(updateStaticAttachmentInput)
    .output(staticAttachmentOutput)
    .mutation(async ({ ctx, input }) => {
      const updated = await ctx.write((tx) => updateStaticAttachmentContext(tx, ctx.talentId, input));
      return updated;
    }),

  /** docs/product-rules.md#calls "Delete static attachment". */
  delete: talentProcedure
    .input(deleteStaticAttachmentInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => deleteStaticAttachment(tx, ctx.talentId, input.staticAttachmentId));
      return { ok: true as const };
    }),
});
