// The admin Models writes (docs/product-rules.md#calls): create, update (name, base, examples text checked by the docs/product-rules.md#admin-forms
// parser), make a SUCCEEDED version the default, and generate a new version. Generating takes the
// app config's fine-tuning slot (docs/product-rules.md#model-version-statuses: one model fine-tunes at a time) in the same transaction
// that inserts the version and enqueues its pipeline job, so two admins cannot both start one.
import {
  appConfigs,
  defaultAppId,
  models,
  modelVersions,
  recordChanges,
  type Transaction,
  talentConfigs,
  talents,
} from '@doppel/db';
import { type AdminModelUpdateInput, parseTrainingExamples } from '@doppel/validation';
import { and, eq, isNull } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { assertVersionQualityAllowsDefault } from '../../quality/quality-guard.ts';
import { recordTalentChange } from '../../talent/changes.ts';
import { basesOf, checkProvider, type ModelSettings, resolvedProvider, unknownBase } from './model-settings.ts';
import { generateBlockedReason } from './models-read.ts';
import { modelChanged } from './scopes.ts';

/** `admin.models.create`: a model with the server's default base and no examples yet. */
export async function createAdminModel(
  tx: Transaction,
  input: { name: string; talentId?: string | null | undefined },
  settings: ModelSettings,
): Promise<{ modelId: string }> {
  const talentId = input.talentId || null;
  if (talentId) {
    const [talent] = await tx.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId));
    if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.', { talentId: ['This talent does not exist.'] });
  }
  const [model] = await tx
    .insert(models)
    // No provider of its own: it follows the server's default, whose first base it starts on.
    .values({
      name: input.name,
      talentId,
      base: basesOf(settings, resolvedProvider(settings, null))[0] ?? 'gpt-4o-mini-2024-07-18',
    })
    .returning({ id: models.id });
  if (!model) throw new Error('the model insert returned no row');
  await recordChanges(tx, modelChanged(model.id, talentId, ['models']));
  return { modelId: model.id };
}

/** `admin.models.update`: a bad examples text is refused with the parser's message under the field. */
export async function updateAdminModel(tx: Transaction, input: AdminModelUpdateInput, settings: ModelSettings): Promise<void> {
  const [model] = await tx.select().from(models).where(eq(models.id, input.modelId)).for('update');
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  // Absent: unchanged; null: back to the server's default.
  const provider = input.provider === undefined ? model.provider : input.provider;
  const providerChanged = provider !== model.provider;
  const trainer = resolvedProvider(settings, provider);
  // A provider or base the server no longer offers may stay as it is; a new choice must be a known one.
  if (providerChanged && provider) checkProvider(settings, provider);
  if ((providerChanged || input.base !== model.base) && !basesOf(settings, trainer).includes(input.base)) {
    throw unknownBase(settings, trainer);
  }
  const parsed = parseTrainingExamples(input.trainingExamplesText);
  if (!parsed.ok) throw new DomainError('INVALID', parsed.error, { trainingExamplesText: [parsed.error] });
  await tx
    .update(models)
    .set({ name: input.name, provider, base: input.base, trainingExamples: parsed.examples, updatedAt: new Date() })
    .where(eq(models.id, model.id));
  await recordChanges(tx, modelChanged(model.id, model.talentId, ['models']));
}

/**
 * Makes a SUCCEEDED version the model's default (docs/product-rules.md#model-version-statuses); the model's twin, when it has one,
 * answers with that fine-tuned model from its next reply on (talent_configs.llmFineTunedModelId).
 * The quality guard (docs/quality.md) refuses a version still being checked, and one that scores
 * worse than the current default unless `confirmWorse`. The default it replaces is kept for Roll back.
 */
export async function makeModelVersionDefault(
  tx: Transaction,
  input: { modelId: string; versionId: string; confirmWorse?: boolean | undefined },
): Promise<void> {
  const [model] = await tx.select().from(models).where(eq(models.id, input.modelId)).for('update');
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  const version = await succeededVersion(tx, model.id, input.versionId);
  // Making the default default again only re-applies it to the twin: nothing to guard or remember.
  if (version.id === model.defaultVersionId) return setDefaultVersion(tx, model, version, model.previousDefaultVersionId);
  await assertVersionQualityAllowsDefault(tx, input);
  await setDefaultVersion(tx, model, version, model.defaultVersionId);
}

/**
 * `admin.models.rollBack`: the default before the last Make Default becomes the default again, with
 * its twin answering with it. Nothing is left to roll back to afterwards: rolling "forward" again is
 * a Make Default, which passes the quality guard.
 */
export async function rollBackModelDefault(tx: Transaction, input: { modelId: string }): Promise<void> {
  const [model] = await tx.select().from(models).where(eq(models.id, input.modelId)).for('update');
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  if (!model.previousDefaultVersionId) throw new DomainError('INVALID', 'There is no previous default to roll back to.');
  const version = await succeededVersion(tx, model.id, model.previousDefaultVersionId);
  await setDefaultVersion(tx, model, version, null);
}

async function succeededVersion(tx: Transaction, modelId: string, versionId: string) {
  const [version] = await tx
    .select()
    .from(modelVersions)
    .where(and(eq(modelVersions.id, versionId), eq(modelVersions.modelId, modelId)));
  if (!version) throw new DomainError('NOT_FOUND', 'This version does not belong to the model.');
  if (version.status !== 'SUCCEEDED' || !version.fineTunedModelId) {
    throw new DomainError('INVALID', 'Only a version that succeeded can be made the default.');
  }
  return { id: version.id, fineTunedModelId: version.fineTunedModelId };
}

async function setDefaultVersion(
  tx: Transaction,
  model: { id: string; talentId: string | null },
  version: { id: string; fineTunedModelId: string },
  previousDefaultVersionId: string | null,
): Promise<void> {
  await tx
    .update(models)
    .set({
      defaultVersionId: version.id,
      defaultFineTunedModelId: version.fineTunedModelId,
      previousDefaultVersionId,
      updatedAt: new Date(),
    })
    .where(eq(models.id, model.id));
  await recordChanges(tx, modelChanged(model.id, model.talentId, ['models', 'model_versions']));
  if (model.talentId) {
    await tx
      .update(talentConfigs)
      .set({ llmFineTunedModelId: version.fineTunedModelId })
      .where(eq(talentConfigs.id, model.talentId));
    await recordTalentChange(tx, model.talentId, [{ entity: 'talent_configs' }]);
  }
}

/**
 * `admin.models.generateVersion`: snapshots the model's provider, examples and base into a new version
 * (UPLOADING_TRAINING_FILE), takes the fine-tuning slot and starts the pipeline. Refused while
 * another model holds the slot or the examples are too few (the reason the screen shows).
 */
export async function generateModelVersion(
  tx: Transaction,
  modelId: string,
  settings: ModelSettings,
  startPipeline: (versionId: string) => Promise<void>,
): Promise<{ versionId: string }> {
  const [model] = await tx.select().from(models).where(eq(models.id, modelId)).for('update');
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  // The app config row is the slot: locked, so concurrent generations queue here and the second sees it taken.
  await tx.select({ id: appConfigs.id }).from(appConfigs).where(eq(appConfigs.id, defaultAppId)).for('update');
  const blocked = await generateBlockedReason(tx, model);
  if (blocked) throw new DomainError('CONFLICT', blocked);
  const [version] = await tx
    .insert(modelVersions)
    .values({
      modelId,
      // The worker trains it with this provider, even if the model's or the server's default changes meanwhile.
      provider: resolvedProvider(settings, model.provider),
      base: model.base,
      status: 'UPLOADING_TRAINING_FILE',
      trainingExamples: model.trainingExamples,
    })
    .returning({ id: modelVersions.id });
  if (!version) throw new Error('the version insert returned no row');
  const [slot] = await tx
    .update(appConfigs)
    .set({ fineTuningModelId: modelId })
    .where(and(eq(appConfigs.id, defaultAppId), isNull(appConfigs.fineTuningModelId)))
    .returning({ id: appConfigs.id });
  if (!slot) throw new DomainError('CONFLICT', 'Fine-tuning is not set up: the app config is missing.');
  await recordChanges(tx, [
    ...modelChanged(modelId, model.talentId, ['models', 'model_versions']),
    { entity: 'app_configs', rowId: defaultAppId, scopes: ['admin'] },
  ]);
  await startPipeline(version.id);
  return { versionId: version.id };
}
