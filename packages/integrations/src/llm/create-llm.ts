// Picks the reply engine from plain config (the apps map their env onto it).
import type { LlmPort } from '@doppel/domain/ports';
import { createOfflineLlm } from './offline-llm.ts';
import { createOpenAiLlm } from './openai-llm.ts';

export type LlmConfig = {
  /** OPENAI_API_KEY */
  openAiApiKey?: string | null;
  /** OPENAI_BASE_URL: an OpenAI-compatible server; enough on its own for servers without auth. */
  openAiBaseUrl?: string | null;
  /** OPENAI_CHAT_MODEL: overrides the talent's model when set. */
  openAiChatModel?: string | null;
  /** OPENAI_EMBEDDING_MODEL; default text-embedding-3-small. */
  openAiEmbeddingModel?: string | null;
  timeoutMs?: number;
  /** OPENAI_MODERATION (default on): whether fan messages and replies also go to the moderation endpoint. */
  openAiModeration?: boolean;
};

/** OpenAI when a key or a base URL is configured, else the offline engine. */
export const createLlm = (config: LlmConfig = {}): LlmPort => {
  if (!config.openAiApiKey && !config.openAiBaseUrl) return createOfflineLlm();
  return createOpenAiLlm({
    apiKey: config.openAiApiKey,
    baseURL: config.openAiBaseUrl,
    chatModel: config.openAiChatModel,
    embeddingModel: config.openAiEmbeddingModel,
    moderation: config.openAiModeration ?? true,
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  });
};
