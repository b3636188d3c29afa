// The admin back-office Broadcast screens (docs/product-rules.md#admin-back-office): broadcasts newest scheduled first, one
// broadcast with its progress, schedule (docs/product-rules.md#calls; the worker sends it at scheduledAt:
// docs/broadcasts.md) and delete while still scheduled.
import { deleteBroadcast, getAdminBroadcast, listAdminBroadcasts, scheduleBroadcast } from '@doppel/domain/admin/broadcasts';
import { enqueueBroadcastPrepare } from '@doppel/jobs';
import {
  adminBroadcastDeleteInput,
  adminBroadcastDeleteOutput,
  adminBroadcastDetailOutput,
  adminBroadcastGetInput,
  adminBroadcastScheduleInput,
  adminBroadcastScheduleOutput,
  adminBroadcastsListInput,
  adminBroadcastsListOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const broadcastsRouter = router({
  /** One page of 50 broadcasts, latest scheduledAt first, with status and sent of scheduled. */
  list: adminProcedure
    .input(adminBroadcastsListInput)
    .output(adminBroadcastsListOutput)
    .query(({ ctx, input }) => listAdminBroadcasts(ctx.db, input)),

  /** The broadcast with its times, author and send progress. */
  get: adminProcedure
    .input(adminBroadcastGetInput)
    .output(adminBroadcastDetailOutput)
    .query(({ ctx, input }) => getAdminBroadcast(ctx.db, input.broadcastId)),

  /** docs/product-rules.md#calls "Schedule broadcast (admin)": answers the new broadcast's id; its prepare job waits for scheduledAt. */
  schedule: adminProcedure
    .meta({ audit: { record: 'broadcast', id: { result: 'broadcastId' } } })
    .input(adminBroadcastScheduleInput)
    .output(adminBroadcastScheduleOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        scheduleBroadcast(tx, input, {
          adminUserId: ctx.user.id,
          enqueuePrepare: (broadcastId, at) => enqueueBroadcastPrepare(ctx.jobs, broadcastId, { tx, startAfter: at }),
        }),
      ),
    ),

  /** docs/product-rules.md#calls "Delete broadcast": only while SCHEDULED (CONFLICT otherwise). */
  delete: adminProcedure
    .meta({ audit: { record: 'broadcast', id: { input: 'broadcastId' } } })
    .input(adminBroadcastDeleteInput)
    .output(adminBroadcastDeleteOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => deleteBroadcast(tx, input.broadcastId))),
});
