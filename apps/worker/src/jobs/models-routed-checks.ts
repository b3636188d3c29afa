// models.health pings each fine-tuned version through its own provider (docs/fine-tuning.md#how-replies-route):
// a Together or registered version asked of the main model would always look down. This wraps the
// main model so that checking one of those versions' model ids goes to its route instead.
import type { Database } from '@doppel/db';
import { modelVersions } from '@doppel/db';
import type { LlmPort } from '@doppel/domain/ports';
import type { LlmRouter } from '@doppel/integrations';
import { and, eq, inArray } from 'drizzle-orm';

export async function withRoutedModelChecks(db: Database, llm: LlmPort, router: LlmRouter | undefined): Promise<LlmPort> {
  if (!router || !llm.checkModel) return llm;
  const versions = await db
    .select({
      model: modelVersions.fineTunedModelId,
      provider: modelVersions.provider,
      endpointUrl: modelVersions.endpointUrl,
      endpointApiKey: modelVersions.endpointApiKey,
    })
    .from(modelVersions)
    .where(and(eq(modelVersions.status, 'SUCCEEDED'), inArray(modelVersions.provider, ['together', 'custom', 'offline'])));
  const routes = new Map(versions.flatMap((version) => (version.model ? [[version.model, version] as const] : [])));
  if (routes.size === 0) return llm;
  const mainCheck = llm.checkModel.bind(llm);
  return {
    ...llm,
    checkModel: async (modelId) => {
      const route = routes.get(modelId);
      const routed = route ? router.llmFor(route) : undefined;
      return routed?.checkModel ? routed.checkModel(modelId) : mainCheck(modelId);
    },
  };
}
