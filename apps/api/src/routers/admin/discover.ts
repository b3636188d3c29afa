// The admin back-office Discover section (docs/product-rules.md#admin-back-office "/public-talents"). Use cases live in
// packages/domain/src/admin/discover.
import {
  createDiscoverEntry,
  deleteDiscoverEntry,
  getDiscoverEntry,
  listDiscoverEntries,
  updateDiscoverEntry,
} from '@doppel/domain/admin/discover';
import {
  createDiscoverEntryInput,
  discoverEntryInput,
  discoverEntryOutput,
  discoverListInput,
  discoverListOutput,
  updateDiscoverEntryInput,
} from '@doppel/validation';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const discoverRouter = router({
  /** Entries by order, 50 a page; `nextCursor` continues. */
  list: adminProcedure
    .input(discoverListInput)
    .output(discoverListOutput)
    .query(({ ctx, input }) => listDiscoverEntries(ctx.db, input)),

  get: adminProcedure
    .input(discoverEntryInput)
    .output(discoverEntryOutput)
    .query(({ ctx, input }) => getDiscoverEntry(ctx.db, input.id)),

  /** docs/product-rules.md#calls "Create public talent": a hidden entry after the last one. */
  create: adminProcedure
    .meta({ audit: { record: 'discover', id: { result: 'id' } } })
    .input(createDiscoverEntryInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => ctx.write((tx) => createDiscoverEntry(tx, input))),

  /** docs/product-rules.md#calls "Update public talent": name, order, visibility per surface. */
  update: adminProcedure
    .meta({ audit: { record: 'discover', id: { input: 'id' } } })
    .input(updateDiscoverEntryInput)
    .output(discoverEntryOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateDiscoverEntry(tx, input))),

  delete: adminProcedure
    .meta({ audit: { record: 'discover', id: { input: 'id' } } })
    .input(discoverEntryInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => deleteDiscoverEntry(tx, input.id));
      return { ok: true as const };
    }),
});
