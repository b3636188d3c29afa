// Consent and take-down (docs/safety.md): the public Report a twin form (reports.submit) and the
// creator's consent confirmation (talent.consent.*, only for a twin the caller manages).
import { confirmTalentConsent, getTalentConsent, submitTwinReport } from '@doppel/domain/reports';
import { confirmConsentInput, consentOutput, twinReportInput, twinReportOutput } from '@doppel/validation';
import { publicProcedure, router, talentProcedure } from '../trpc/procedures.ts';

export const reportsRouter = router({
  /**
   * Anyone may report a twin; limited per email and per address (docs/safety.md). The reporter's
   * "received" email goes out after the commit; a failed send does not lose the report.
   */
  submit: publicProcedure
    .input(twinReportInput)
    .output(twinReportOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, email } = await ctx.write((tx) =>
        submitTwinReport(tx, { ...input, reporterUserId: ctx.user?.id ?? null, address: ctx.req.ip }),
      );
      try {
        await ctx.mailer.send(email);
      } catch (error) {
        ctx.req.log.error({ err: error, reportId: id }, 'reports.submit: the received email could not be sent');
      }
      return { id };
    }),
});

export const talentConsentRouter = router({
  get: talentProcedure.output(consentOutput).query(({ ctx }) => getTalentConsent(ctx.db, ctx.talentId)),

  /** Records the caller's confirmation for their own twin; a repeat keeps the first. */
  confirm: talentProcedure
    .input(confirmConsentInput)
    .output(consentOutput)
    .mutation(({ ctx }) => ctx.write((tx) => confirmTalentConsent(tx, { talentId: ctx.talentId, userId: ctx.user.id }))),
});
