// The Model tab (docs/product-rules.md#admin-back-office): what the twin answers with (its config's engine and model ids) and
// the fine-tuning models made for it, each with its default version.
import { defaultLlmModelId, defaultLlmType, type Executor, models, modelVersions, talentConfigs, talents } from '@doppel/db';
import type { AdminTalentModelTab } from '@doppel/validation';
import { asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { talentNotFoundMessage } from '../../talent/load.ts';

/** `admin.talents.model`: the config's llm settings and the talent's models by name; NOT_FOUND for an unknown talent. */
export async function getTalentModelTab(db: Executor, talentId: string): Promise<AdminTalentModelTab> {
  const [talent] = await db
    .select({
      llmType: talentConfigs.llmType,
      llmModelId: talentConfigs.llmModelId,
      llmFineTunedModelId: talentConfigs.llmFineTunedModelId,
    })
    .from(talents)
    .leftJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(talents.id, talentId))
    .limit(1);
  if (!talent) throw new DomainError('NOT_FOUND', talentNotFoundMessage);

  // Counted per model through model_versions_model_created_idx; the talent's models through models_talent_idx.
  const versionCount = db
    .select({
      count: sql<number>`count(*)::int`.as('version_count'),
      inProgress:
        sql<boolean>`coalesce(bool_or(${modelVersions.status} in ('UPLOADING_TRAINING_FILE', 'FINE_TUNING')), false)`.as(
          'in_progress',
        ),
    })
    .from(modelVersions)
    .where(eq(modelVersions.modelId, models.id))
    .as('version_stats');
  const rows = await db
    .select({
      id: models.id,
      name: models.name,
      base: models.base,
      trainingExampleCount: sql<number>`jsonb_array_length(${models.trainingExamples})`,
      versionCount: versionCount.count,
      isFineTuning: versionCount.inProgress,
      defaultVersionId: modelVersions.id,
      defaultStatus: modelVersions.status,
      defaultFineTunedModelId: modelVersions.fineTunedModelId,
      defaultCreatedAt: modelVersions.createdAt,
    })
    .from(models)
    .innerJoinLateral(versionCount, sql`true`)
    .leftJoin(modelVersions, eq(modelVersions.id, models.defaultVersionId))
    .where(eq(models.talentId, talentId))
    .orderBy(asc(models.name), asc(models.id));

  return {
    config: {
      llmType: talent.llmType ?? defaultLlmType,
      llmModelId: talent.llmModelId ?? defaultLlmModelId,
      llmFineTunedModelId: talent.llmFineTunedModelId ?? null,
    },
    models: rows.map((row) => ({
      id: row.id,
      name: row.name,
      base: row.base,
      defaultVersion:
        row.defaultVersionId && row.defaultStatus && row.defaultCreatedAt
          ? {
              id: row.defaultVersionId,
              status: row.defaultStatus,
              fineTunedModelId: row.defaultFineTunedModelId,
              createdAt: row.defaultCreatedAt.toISOString(),
            }
          : null,
      versionCount: Number(row.versionCount),
      isFineTuning: Boolean(row.isFineTuning),
      trainingExampleCount: Number(row.trainingExampleCount),
    })),
  };
}
