import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { modelVersionStatusEnum } from './enums.ts';
import type { TrainingExample } from './json-types.ts';
import { talents } from './talents.ts';

/** A fine-tuning model: training examples and the chosen default version. */
export const models = pgTable(
  'models',
  {
    id: idColumn(),
    name: text().notNull(),
    /** The base model fine-tuned from, e.g. `gpt-3.5-turbo-1106`. */
    base: text().notNull().default('gpt-3.5-turbo-1106'),
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    trainingExamples: jsonb().$type<TrainingExample[]>().notNull().default([]),
    /** Only a SUCCEEDED version may become the default. */
    defaultVersionId: text().references((): AnyPgColumn => modelVersions.id, { onDelete: 'set null' }),
    defaultFineTunedModelId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('models_name_idx').on(t.name),
    index('models_talent_idx').on(t.talentId),
    index('models_default_version_idx').on(t.defaultVersionId),
  ],
);

/** One fine-tuning run of a model, with a snapshot of the examples it was trained on. */
export const modelVersions = pgTable(
  'model_versions',
  {
    id: idColumn(),
    modelId: text()
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    base: text().notNull(),
    status: modelVersionStatusEnum().notNull().default('UPLOADING_TRAINING_FILE'),
    trainingExamples: jsonb().$type<TrainingExample[]>().notNull().default([]),
    fineTunedModelId: text(),
    errorMessage: text(),
    /** The fine-tuning organisation; the admin labels known ones V0 or V1. */
    openAiOrganisationId: text(),
    /** Provider ids the worker polls with. */
    openAiTrainingFileId: text(),
    openAiFineTuningJobId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('model_versions_model_created_idx').on(t.modelId, t.createdAt),
    // The worker polls the versions still in progress.
    index('model_versions_in_progress_idx').on(t.status).where(sql`${t.status} in ('UPLOADING_TRAINING_FILE', 'FINE_TUNING')`),
  ],
);
