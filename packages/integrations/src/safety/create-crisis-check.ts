// Picks the crisis check from plain config (the API maps its env onto it), like createLlm.
import type { CrisisCheck } from '@doppel/domain/ports';
import { createNodeHttpFetch } from '../llm/node-http-fetch.ts';
import { createOpenAiClient } from '../llm/openai-client.ts';
import { DEFAULT_MODERATION_MODEL } from '../llm/openai-moderation.ts';
import { createOpenAiCrisisCheck } from './openai-crisis-check.ts';
import { createPhraseCrisisCheck } from './phrase-crisis-check.ts';

export type CrisisCheckConfig = {
  /** OPENAI_API_KEY */
  openAiApiKey?: string | null | undefined;
  /** OPENAI_BASE_URL */
  openAiBaseUrl?: string | null | undefined;
  /** OPENAI_MODERATION (default on); off: the phrase list alone. */
  openAiModeration?: boolean | undefined;
  /** The moderation call's own limit: a fan waits for it before the message is stored. Default 5 s. */
  timeoutMs?: number | undefined;
  onError?: (error: unknown) => void;
};

/** The moderation endpoint (after the phrase list) when OpenAI is configured, else the phrase list alone. */
export function createCrisisCheck(config: CrisisCheckConfig = {}): CrisisCheck {
  if ((!config.openAiApiKey && !config.openAiBaseUrl) || config.openAiModeration === false) return createPhraseCrisisCheck();
  const client = createOpenAiClient({
    apiKey: config.openAiApiKey,
    baseURL: config.openAiBaseUrl,
    timeoutMs: config.timeoutMs ?? 5_000,
    // Over node:http, as the model's requests (node-http-fetch.ts): the check runs on every send.
    fetch: createNodeHttpFetch(),
  });
  return createOpenAiCrisisCheck({
    client,
    model: DEFAULT_MODERATION_MODEL,
    ...(config.onError ? { onError: config.onError } : {}),
  });
}
