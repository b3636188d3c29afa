// Twin quality checks in the back office (admin.quality.*, docs/quality.md): the check set of a
// twin, its runs and one run's results, "Run now" (the run and its quality.run job in one
// transaction), a version's run beside the default's, and the twins whose nightly score dropped.
// Make Default's guard and Roll back are admin.models.* (models.ts).
import {
  addQualityCase,
  compareVersionQuality,
  deleteQualityCase,
  getModelQuality,
  getQualityRun,
  listQualityCases,
  listQualityDrops,
  listQualityRuns,
  startManualQualityRun,
  switchQualityCase,
  updateQualityCase,
} from '@doppel/domain/quality';
import { enqueueQualityRun } from '@doppel/jobs';
import {
  adminQualityTalentInput,
  qualityCaseAddInput,
  qualityCaseDeleteInput,
  qualityCaseSwitchInput,
  qualityCasesOutput,
  qualityCaseUpdateInput,
  qualityCompareInput,
  qualityCompareOutput,
  qualityDroppedOutput,
  qualityModelInput,
  qualityModelOutput,
  qualityRunDetailOutput,
  qualityRunGetInput,
  qualityRunNowInput,
  qualityRunNowOutput,
  qualityRunsOutput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

// The check set and the checks an admin starts are the talent's: they show in its History.
const caseAudit = { record: 'talentQuality', id: { input: 'talentId' } } as const;

export const qualityRouter = router({
  /** The twin's check set, by category. */
  cases: adminProcedure
    .input(adminQualityTalentInput)
    .output(qualityCasesOutput)
    .query(({ ctx, input }) => listQualityCases(ctx.db, input.talentId)),

  addCase: adminProcedure
    .meta({ audit: caseAudit })
    .input(qualityCaseAddInput)
    .output(qualityCasesOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => addQualityCase(tx, input));
      return listQualityCases(ctx.db, input.talentId);
    }),

  /** An admin's own case; an AUTO case is refused (it is only switched off). */
  updateCase: adminProcedure
    .meta({ audit: caseAudit })
    .input(qualityCaseUpdateInput)
    .output(qualityCasesOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => updateQualityCase(tx, input));
      return listQualityCases(ctx.db, input.talentId);
    }),

  switchCase: adminProcedure
    .meta({ audit: caseAudit })
    .input(qualityCaseSwitchInput)
    .output(qualityCasesOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => switchQualityCase(tx, input));
      return listQualityCases(ctx.db, input.talentId);
    }),

  deleteCase: adminProcedure
    .meta({ audit: caseAudit })
    .input(qualityCaseDeleteInput)
    .output(qualityCasesOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => deleteQualityCase(tx, input));
      return listQualityCases(ctx.db, input.talentId);
    }),

  /** The twin's last 50 runs, latest first. */
  runs: adminProcedure
    .input(adminQualityTalentInput)
    .output(qualityRunsOutput)
    .query(({ ctx, input }) => listQualityRuns(ctx.db, input.talentId)),

  /** One run with its results, weakest first. */
  run: adminProcedure
    .input(qualityRunGetInput)
    .output(qualityRunDetailOutput)
    .query(({ ctx, input }) => getQualityRun(ctx.db, input.runId)),

  /** A MANUAL run of the twin's current setup or of one version; the worker scores it. */
  runNow: adminProcedure
    .meta({ audit: caseAudit })
    .input(qualityRunNowInput)
    .output(qualityRunNowOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        startManualQualityRun(tx, input, async (runId) => {
          await enqueueQualityRun(ctx.jobs, runId, { tx });
        }),
      ),
    ),

  /** Each version's latest run and the current setup's, and what Roll back would restore. */
  model: adminProcedure
    .input(qualityModelInput)
    .output(qualityModelOutput)
    .query(({ ctx, input }) => getModelQuality(ctx.db, input.modelId)),

  /** A version's latest finished run beside the default's, what got worse and the cases that did. */
  compare: adminProcedure
    .input(qualityCompareInput)
    .output(qualityCompareOutput)
    .query(({ ctx, input }) => compareVersionQuality(ctx.db, input)),

  /** Twins whose latest nightly score dropped (the Status page's card). */
  dropped: adminProcedure.output(qualityDroppedOutput).query(({ ctx }) => listQualityDrops(ctx.db)),
});
