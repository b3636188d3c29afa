// The admin back-office Status section (docs/product-rules.md#admin-back-office "/status"): the model-health entries the
// models.health job stores (packages/domain/src/admin/status), and "Check now", which queues that
// job in the caller's transaction so it exists exactly when the write commits.
import { getModelHealth } from '@doppel/domain/admin/status';
import { enqueue } from '@doppel/jobs';
import { adminStatusCheckOutput, adminStatusGetOutput } from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const statusRouter = router({
  /** Every model's check or cross, sorted by name; empty before the first check. */
  get: adminProcedure.output(adminStatusGetOutput).query(({ ctx }) => getModelHealth(ctx.db)),

  /** Queues a health check now; `queued` is false when one is already waiting to run. */
  check: adminProcedure
    .meta({ audit: { none: 'Queues a health check job; changes no record.' } })
    .output(adminStatusCheckOutput)
    .mutation(({ ctx }) =>
      ctx.write(async (tx) => {
        const jobId = await enqueue(ctx.jobs, 'models.health', { trigger: 'manual' }, { tx });
        return { queued: jobId !== null, jobId };
      }),
    ),
});
