// The admin back-office Models screens (docs/product-rules.md#admin-back-office): fine-tuning models sorted by name, one model
// with its examples and versions, create, update, make a version default, and generate a new
// version (its fine-tuning runs as a worker job: docs/fine-tuning.md).
import {
  createAdminModel,
  exportTrainingJsonl,
  generateModelVersion,
  getAdminModel,
  listAdminModels,
  makeModelVersionDefault,
  registerModelVersion,
  rollBackModelDefault,
  updateAdminModel,
} from '@doppel/domain/admin/models';
import { scheduleVersionRuns } from '@doppel/domain/quality';
import { checkChatEndpoint } from '@doppel/integrations';
import { enqueue, enqueueQualityRun } from '@doppel/jobs';
import {
  adminModelCreateInput,
  adminModelCreateOutput,
  adminModelDetailOutput,
  adminModelExportInput,
  adminModelExportOutput,
  adminModelGenerateInput,
  adminModelGetInput,
  adminModelMakeDefaultInput,
  adminModelRegisterVersionInput,
  adminModelRollBackInput,
  adminModelsListInput,
  adminModelsListOutput,
  adminModelUpdateInput,
} from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const modelsRouter = router({
  /** One page of 50 models by name, each with its version count and whether it is being fine-tuned. */
  list: adminProcedure
    .input(adminModelsListInput)
    .output(adminModelsListOutput)
    .query(({ ctx, input }) => listAdminModels(ctx.db, input)),

  /** docs/product-rules.md#calls "Create model": a name (and optionally the twin); answers the new model's id. */
  create: adminProcedure
    .meta({ audit: { record: 'model', id: { result: 'modelId' } } })
    .input(adminModelCreateInput)
    .output(adminModelCreateOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => createAdminModel(tx, input, ctx.modelSettings))),

  /** The model with its examples as text, its versions newest first and whether a version can be generated. */
  get: adminProcedure
    .input(adminModelGetInput)
    .output(adminModelDetailOutput)
    .query(({ ctx, input }) => getAdminModel(ctx.db, input.modelId, ctx.modelSettings)),

  /** docs/product-rules.md#calls "Update model": name, base and the examples text (checked by the parser of docs/product-rules.md#training-examples). */
  update: adminProcedure
    .meta({ audit: { record: 'model', id: { input: 'modelId' } } })
    .input(adminModelUpdateInput)
    .output(adminModelDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => updateAdminModel(tx, input, ctx.modelSettings));
      return getAdminModel(ctx.db, input.modelId, ctx.modelSettings);
    }),

  /**
   * Makes a SUCCEEDED version the model's default; the model's twin answers with it from then on.
   * Refused while the version's quality check runs, and when it scores worse unless `confirmWorse`.
   */
  makeDefault: adminProcedure
    .meta({ audit: { record: 'model', id: { input: 'modelId' } } })
    .input(adminModelMakeDefaultInput)
    .output(adminModelDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => makeModelVersionDefault(tx, input));
      return getAdminModel(ctx.db, input.modelId, ctx.modelSettings);
    }),

  /** The default before the last Make Default becomes the default again, for the twin too. */
  rollBack: adminProcedure
    .meta({ audit: { record: 'model', id: { input: 'modelId' } } })
    .input(adminModelRollBackInput)
    .output(adminModelDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => rollBackModelDefault(tx, input));
      return getAdminModel(ctx.db, input.modelId, ctx.modelSettings);
    }),

  /** docs/product-rules.md#calls "Generate model version": snapshots the examples into a new version and starts fine-tuning it. */
  generateVersion: adminProcedure
    .meta({ audit: { record: 'model', id: { input: 'modelId' } } })
    .input(adminModelGenerateInput)
    .output(adminModelDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) =>
        generateModelVersion(tx, input.modelId, ctx.modelSettings, async (versionId) => {
          await enqueue(ctx.jobs, 'models.fine-tune', { versionId }, { tx, singletonKey: versionId });
        }),
      );
      return getAdminModel(ctx.db, input.modelId, ctx.modelSettings);
    }),

  /**
   * "Register a version": a model served by an OpenAI-compatible endpoint, checked with a tiny chat
   * completion first. The API key is write-only: no output carries it (the audit records the model as `get` reads it).
   */
  registerVersion: adminProcedure
    .meta({ audit: { record: 'model', id: { input: 'modelId' } } })
    .input(adminModelRegisterVersionInput)
    .output(adminModelDetailOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write(async (tx) => {
        const { versionId } = await registerModelVersion(tx, input, checkChatEndpoint);
        // Registered already trained: checked against the twin's current setup at once, as a
        // version that finished training is (docs/quality.md).
        await scheduleVersionRuns(tx, versionId, async (runTx, runId) => {
          await enqueueQualityRun(ctx.jobs, runId, { tx: runTx });
        });
      });
      return getAdminModel(ctx.db, input.modelId, ctx.modelSettings);
    }),

  /** The model's training examples as OpenAI chat JSONL, for training a LoRA elsewhere. */
  exportTrainingData: adminProcedure
    .input(adminModelExportInput)
    .output(adminModelExportOutput)
    .query(({ ctx, input }) => exportTrainingJsonl(ctx.db, input.modelId)),
});
