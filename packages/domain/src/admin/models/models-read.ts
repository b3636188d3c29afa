// The admin Models list and detail (docs/product-rules.md#admin-back-office). The detail carries the examples as the text the
// form edits, the versions newest first with their organisation labelled V0, V1 or Unknown, and
// why "Generate new version" cannot run now (docs/product-rules.md#model-version-statuses).
import { appConfigs, defaultAppId, type Executor, models, modelVersions, talents } from '@doppel/db';
import {
  type AdminModelDetail,
  type AdminModelsListOutput,
  adminPageSize,
  formatTrainingExamples,
  minimumTrainingExamples,
} from '@doppel/validation';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';
import { type ModelSettings, organisationLabel } from './model-settings.ts';

const byName: KeysetSort = { key: 'name', column: models.name, kind: 'text', direction: 'asc', id: models.id };

const inProgress = sql`${modelVersions.status} in ('UPLOADING_TRAINING_FILE', 'FINE_TUNING')`;

/** `admin.models.list`: one page of models by name; `isFineTuning` drives the list's spinner. */
export async function listAdminModels(
  db: Executor,
  input: { cursor?: string | null | undefined },
): Promise<AdminModelsListOutput> {
  const rows = await db
    .select({
      id: models.id,
      name: models.name,
      base: models.base,
      defaultVersionId: models.defaultVersionId,
      talentId: talents.id,
      talentName: talents.name,
      talentTag: talents.tag,
      versionCount: sql<number>`(select count(*)::int from ${modelVersions} where ${eq(modelVersions.modelId, models.id)})`,
      isFineTuning: sql<boolean>`exists (select 1 from ${modelVersions} where ${and(eq(modelVersions.modelId, models.id), inProgress)})`,
      sortValue: sortValueOf(byName),
    })
    .from(models)
    .leftJoin(talents, eq(talents.id, models.talentId))
    .where(afterCursor(byName, input.cursor))
    .orderBy(...keysetOrder(byName))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, byName, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      base: row.base,
      talent: row.talentId ? { id: row.talentId, name: row.talentName ?? '', tag: row.talentTag } : null,
      versionCount: Number(row.versionCount),
      isFineTuning: Boolean(row.isFineTuning),
      hasDefaultVersion: row.defaultVersionId !== null,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Why a new version cannot be generated now, or null (docs/product-rules.md#model-version-statuses: one fine-tuning at a time). */
export async function generateBlockedReason(db: Executor, model: { trainingExamples: unknown[] }): Promise<string | null> {
  const [config] = await db
    .select({ modelId: appConfigs.fineTuningModelId, name: models.name })
    .from(appConfigs)
    .leftJoin(models, eq(models.id, appConfigs.fineTuningModelId))
    .where(eq(appConfigs.id, defaultAppId));
  if (config?.modelId) {
    return `${config.name ?? 'A model'} is being fine-tuned; a new version can be generated when it finishes.`;
  }
  if (model.trainingExamples.length < minimumTrainingExamples) {
    return `Add at least ${minimumTrainingExamples} training examples and save them first (this model has ${model.trainingExamples.length}).`;
  }
  return null;
}

/** `admin.models.get`: NOT_FOUND "Model not found". */
export async function getAdminModel(db: Executor, modelId: string, settings: ModelSettings): Promise<AdminModelDetail> {
  const [row] = await db
    .select({ model: models, talentName: talents.name, talentTag: talents.tag })
    .from(models)
    .leftJoin(talents, eq(talents.id, models.talentId))
    .where(eq(models.id, modelId));
  if (!row) throw new DomainError('NOT_FOUND', 'Model not found');
  const { model } = row;
  const [versions, blocked] = await Promise.all([
    db
      .select({
        id: modelVersions.id,
        status: modelVersions.status,
        base: modelVersions.base,
        createdAt: modelVersions.createdAt,
        exampleCount: sql<number>`jsonb_array_length(${modelVersions.trainingExamples})`,
        fineTunedModelId: modelVersions.fineTunedModelId,
        organisationId: modelVersions.openAiOrganisationId,
        errorMessage: modelVersions.errorMessage,
        provider: modelVersions.provider,
        // Never the endpoint's API key: it is write-only.
        endpointUrl: modelVersions.endpointUrl,
      })
      .from(modelVersions)
      .where(eq(modelVersions.modelId, modelId))
      .orderBy(desc(modelVersions.createdAt), desc(modelVersions.id)),
    generateBlockedReason(db, model),
  ]);
  return {
    id: model.id,
    name: model.name,
    base: model.base,
    talent: model.talentId ? { id: model.talentId, name: row.talentName ?? '', tag: row.talentTag } : null,
    trainingExamplesText: formatTrainingExamples(model.trainingExamples),
    exampleCount: model.trainingExamples.length,
    defaultVersionId: model.defaultVersionId,
    defaultFineTunedModelId: model.defaultFineTunedModelId,
    versions: versions.map((version) => ({
      ...version,
      createdAt: version.createdAt.toISOString(),
      exampleCount: Number(version.exampleCount),
      organisation: organisationLabel(settings, version.organisationId),
      isDefault: version.id === model.defaultVersionId,
    })),
    provider: model.provider,
    providers: settings.providers.map((entry) => ({ provider: entry.provider, bases: [...entry.bases] })),
    generateBlockedReason: blocked,
  };
}
