// The crisis protocol in the back-office (docs/safety.md): its settings (the App page's "Crisis
// protocol" card) and the Safety report, crisis referrals per month as counts and as CSV. Admins only.
import { getCrisisSettings, safetyReport, safetyReportCsv, updateCrisisSettings } from '@doppel/domain/chat';
import { adminCrisisSettingsInput, adminCrisisSettingsOutput, safetyReportOutput } from '@doppel/validation';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const crisisSettingsRouter = router({
  get: adminProcedure.output(adminCrisisSettingsOutput).query(({ ctx }) => getCrisisSettings(ctx.db)),
  update: adminProcedure
    .meta({ audit: { record: 'crisisSettings' } })
    .input(adminCrisisSettingsInput)
    .output(adminCrisisSettingsOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateCrisisSettings(tx, input))),
});

export const safetyRouter = router({
  /** Every month with a referral, newest first. */
  report: adminProcedure.output(safetyReportOutput).query(({ ctx }) => safetyReport(ctx.db)),
  /** The same as a CSV file's text and name, for the yearly report. */
  reportCsv: adminProcedure.output(z.object({ filename: z.string(), csv: z.string() })).query(async ({ ctx }) => {
    const { months } = await safetyReport(ctx.db);
    return { filename: `doppel-crisis-referrals-${new Date().toISOString().slice(0, 10)}.csv`, csv: safetyReportCsv(months) };
  }),
});
