import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { modelVersionStatusEnum } from './enums.ts';
import type { FineTuningProvider, TrainingExample } from './json-types.ts';
import { talents } from './talents.ts';

/** A fine-tuning model: training examples and the chosen default version. */
export const models = pgTable(
  'models',
  {
    id: idColumn(),
    name: text().notNull(),
    /**
     * Who trains its versions (never 'custom': those are registered, not trained); null: the
     * server's default provider, the first configured one, else the offline fine-tuner.
     */
    provider: text().$type<Exclude<FineTuningProvider, 'custom'>>(),
    /** The base model fine-tuned from, e.g. `gpt-3.5-turbo-1106`. */
    base: text().notNull().default('gpt-3.5-turbo-1106'),
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    trainingExamples: jsonb().$type<TrainingExample[]>().notNull().default([]),
    /** Only a SUCCEEDED version may become the default. */
    defaultVersionId: text().references((): AnyPgColumn => modelVersions.id, { onDelete: 'set null' }),
    defaultFineTunedModelId: text(),
    /** The default before the last Make Default: what Roll back restores. */
    previousDefaultVersionId: text().references((): AnyPgColumn => modelVersions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('models_name_idx').on(t.name),
    index('models_talent_idx').on(t.talentId),
    index('models_default_version_idx').on(t.defaultVersionId),
    index('models_previous_default_version_idx').on(t.previousDefaultVersionId),
    check('models_provider_check', sql`${t.provider} in ('openai', 'together', 'offline')`),
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
    /** Copied from the model when generated; 'custom' for a version registered with its endpoint. */
    provider: text().$type<FineTuningProvider>().notNull().default('openai'),
    base: text().notNull(),
    status: modelVersionStatusEnum().notNull().default('UPLOADING_TRAINING_FILE'),
    trainingExamples: jsonb().$type<TrainingExample[]>().notNull().default([]),
    fineTunedModelId: text(),
    errorMessage: text(),
    /** The fine-tuning organisation; the admin labels known ones V0 or V1. */
    openAiOrganisationId: text(),
    /** Provider ids the worker polls with (whichever provider trains it, despite the names). */
    openAiTrainingFileId: text(),
    openAiFineTuningJobId: text(),
    /** A custom version's OpenAI-compatible endpoint (vLLM, Ollama, …): replies go there. */
    endpointUrl: text(),
    /** Its API key, if it needs one: written by an admin, never sent back to a screen. */
    endpointApiKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('model_versions_model_created_idx').on(t.modelId, t.createdAt),
    // The worker polls the versions still in progress.
    index('model_versions_in_progress_idx').on(t.status).where(sql`${t.status} in ('UPLOADING_TRAINING_FILE', 'FINE_TUNING')`),
    check('model_versions_provider_check', sql`${t.provider} in ('openai', 'together', 'offline', 'custom')`),
    check('model_versions_custom_endpoint_check', sql`(${t.provider} = 'custom') = (${t.endpointUrl} is not null)`),
  ],
);
