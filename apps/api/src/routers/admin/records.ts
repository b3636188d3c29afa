// The read-only "Database record" view of the admin screens: one row of an allowed table.
import { getAdminRecord } from '@doppel/domain/admin/records';
import { adminRecordInput, adminRecordOutput } from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const recordsRouter = router({
  /** The row, field by field; NOT_FOUND for an unknown id. */
  get: adminProcedure
    .input(adminRecordInput)
    .output(adminRecordOutput)
    .query(({ ctx, input }) => getAdminRecord(ctx.db, input)),
});
