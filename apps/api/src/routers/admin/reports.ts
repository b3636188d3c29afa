// The admin back-office Reports section (docs/admin-backoffice.md): reports about twins, hiding a
// twin from fans, and closing a report with a note the reporter is emailed. Use cases live in
// packages/domain/src/admin/reports.
import { closeAdminReport, getAdminReport, listAdminReports, setReportedTwinHidden } from '@doppel/domain/admin/reports';
import {
  adminReportCloseInput,
  adminReportDetailOutput,
  adminReportGetInput,
  adminReportHideInput,
  adminReportsListInput,
  adminReportsListOutput,
} from '@doppel/validation';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const reportsRouter = router({
  /** One page of 50 reports, newest first, open ones by default; `nextCursor` continues. */
  list: adminProcedure
    .input(adminReportsListInput)
    .output(adminReportsListOutput)
    .query(({ ctx, input }) => listAdminReports(ctx.db, input)),

  get: adminProcedure
    .input(adminReportGetInput)
    .output(adminReportDetailOutput)
    .query(({ ctx, input }) => getAdminReport(ctx.db, input.reportId)),

  /** Hides the report's twin from fans (discover and chat refuse it), or shows it again. */
  hide: adminProcedure
    .meta({ audit: { record: 'report', id: { input: 'reportId' } } })
    .input(adminReportHideInput)
    .output(adminReportDetailOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => setReportedTwinHidden(tx, input))),

  /** Closes an open report with a note; the reporter's email goes out after the commit. */
  close: adminProcedure
    .meta({ audit: { record: 'report', id: { input: 'reportId' } } })
    .input(adminReportCloseInput)
    .output(z.object({ report: adminReportDetailOutput, email: z.enum(['sent', 'failed']) }))
    .mutation(async ({ ctx, input }) => {
      const { report, email } = await ctx.write((tx) => closeAdminReport(tx, { ...input, actorId: ctx.user.id }));
      try {
        await ctx.mailer.send(email);
        return { report, email: 'sent' as const };
      } catch (error) {
        ctx.req.log.error({ err: error, reportId: report.id }, 'admin.reports.close: the closing email could not be sent');
        return { report, email: 'failed' as const };
      }
    }),
});
