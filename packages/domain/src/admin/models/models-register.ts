// "Register a version" (docs/fine-tuning.md#bring-your-own-model): a model trained elsewhere and
// served by an OpenAI-compatible endpoint (vLLM, Ollama, a hosted LoRA) becomes a SUCCEEDED version
// of provider 'custom', ready for Make Default. The endpoint must answer a tiny chat completion
// first; if it does not, nothing is stored and the admin reads the endpoint's own words. Private
// and loopback addresses are allowed on purpose: operators run these on their own network, and
// only admins may register.
import { models, modelVersions, recordChanges, type Transaction } from '@doppel/db';
import type { AdminModelRegisterVersionInput } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { modelChanged } from './scopes.ts';

/** Asks the endpoint for a tiny chat completion: null when it answered, else its words (or why it could not be reached). */
export type EndpointCheck = (endpoint: { baseUrl: string; apiKey: string | null; model: string }) => Promise<string | null>;

export async function registerModelVersion(
  tx: Transaction,
  input: AdminModelRegisterVersionInput,
  check: EndpointCheck,
): Promise<{ versionId: string }> {
  const [model] = await tx.select({ id: models.id, talentId: models.talentId }).from(models).where(eq(models.id, input.modelId));
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  const endpoint = { baseUrl: input.endpointUrl, apiKey: input.apiKey || null, model: input.modelName };
  const refusal = await check(endpoint);
  if (refusal) {
    const message = `The endpoint did not answer: ${refusal}`;
    throw new DomainError('INVALID', message, { endpointUrl: [message] });
  }
  const [version] = await tx
    .insert(modelVersions)
    .values({
      modelId: model.id,
      provider: 'custom',
      // Trained elsewhere, from a base we do not know: the served model's id names it.
      base: input.modelName,
      status: 'SUCCEEDED',
      fineTunedModelId: input.modelName,
      endpointUrl: endpoint.baseUrl,
      endpointApiKey: endpoint.apiKey,
    })
    .returning({ id: modelVersions.id });
  if (!version) throw new Error('the version insert returned no row');
  await recordChanges(tx, modelChanged(model.id, model.talentId, ['model_versions']));
  return { versionId: version.id };
}
