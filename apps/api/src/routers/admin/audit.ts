// The audit log of the back-office (docs/admin-backoffice.md): the History card of every admin
// detail page reads one record's entries here. Admins only; the entries are written by the admin
// tier's audited ctx.write (apps/api/src/audit), never through this router.
import { listAdminAuditEntries } from '@doppel/domain/admin/audit';
import { adminAuditListInput, adminAuditListOutput } from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const auditRouter = router({
  /** One record's changes, newest first, 50 a page; `nextCursor` continues. */
  list: adminProcedure
    .input(adminAuditListInput)
    .output(adminAuditListOutput)
    .query(({ ctx, input }) => listAdminAuditEntries(ctx.db, input)),
});
