// Every model the app may call, for the models.health job: what the twins are set to, the
// fine-tuned versions that may become a twin's model, and what the worker itself is set to.
import { type Executor, modelVersions, talentConfigs } from '@doppel/db';
import { and, eq, isNotNull } from 'drizzle-orm';

export type ModelsInUseOptions = {
  /** OPENAI_CHAT_MODEL: the one model every reply uses when set. */
  modelOverride?: string | undefined;
  /** The model FAQ matching embeds questions with (OPENAI_EMBEDDING_MODEL or the default). */
  embeddingModel?: string | undefined;
};

/**
 * Distinct model ids: the configured override and embedding model, every twin's base and
 * fine-tuned model, and the fine-tuned model of every SUCCEEDED version (one may be made default
 * at any time). Blank ids are dropped; the order is not meaningful.
 */
export async function listModelsInUse(db: Executor, options: ModelsInUseOptions = {}): Promise<string[]> {
  const [baseModels, fineTunedModels, versionModels] = await Promise.all([
    db.selectDistinct({ model: talentConfigs.llmModelId }).from(talentConfigs),
    db
      .selectDistinct({ model: talentConfigs.llmFineTunedModelId })
      .from(talentConfigs)
      .where(isNotNull(talentConfigs.llmFineTunedModelId)),
    db
      .selectDistinct({ model: modelVersions.fineTunedModelId })
      .from(modelVersions)
      .where(and(eq(modelVersions.status, 'SUCCEEDED'), isNotNull(modelVersions.fineTunedModelId))),
  ]);
  const models = new Set<string>();
  for (const candidate of [
    options.modelOverride,
    options.embeddingModel,
    ...[...baseModels, ...fineTunedModels, ...versionModels].map((row) => row.model),
  ]) {
    const model = candidate?.trim();
    if (model) models.add(model);
  }
  return [...models];
}
