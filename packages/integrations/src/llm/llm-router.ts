// Where a twin's fine-tuned version answers (docs/fine-tuning.md#how-replies-route), one client per
// route, made on first use and kept: OpenAI's versions on the main model (undefined: the caller's
// own), offline ones on the offline engine, Together's through the `openai` SDK at Together's
// OpenAI-compatible endpoint with the Together key, registered ones at their own endpoint and key.
import type { ReplyModelRoute } from '@doppel/domain/chat/reply';
import type { LlmPort } from '@doppel/domain/ports';
import { DEFAULT_TOGETHER_BASE_URL } from '../fine-tuning/together-fine-tuning.ts';
import { createOfflineLlm } from './offline-llm.ts';
import { createOpenAiLlm } from './openai-llm.ts';

export type LlmRouterConfig = {
  /** TOGETHER_API_KEY: without it a Together version answers on the main model. */
  togetherApiKey?: string | undefined;
  /** TOGETHER_BASE_URL; default Together's. */
  togetherBaseUrl?: string | undefined;
  timeoutMs?: number;
};

export type LlmRouter = { llmFor: (route: ReplyModelRoute) => LlmPort | undefined };

export function createLlmRouter(config: LlmRouterConfig): LlmRouter {
  const clients = new Map<string, LlmPort>();
  const cached = (key: string, make: () => LlmPort) => {
    let llm = clients.get(key);
    if (!llm) {
      llm = make();
      clients.set(key, llm);
    }
    return llm;
  };
  // Only chat goes here (embeddings and moderation stay on the main model), so no moderation calls.
  const openAiCompatible = (baseURL: string, apiKey: string | null) =>
    createOpenAiLlm({ baseURL, apiKey, moderation: false, ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}) });
  return {
    llmFor: (route) => {
      switch (route.provider) {
        case 'offline':
          return cached('offline', createOfflineLlm);
        case 'together': {
          const apiKey = config.togetherApiKey;
          if (!apiKey) return undefined;
          return cached('together', () => openAiCompatible(config.togetherBaseUrl || DEFAULT_TOGETHER_BASE_URL, apiKey));
        }
        case 'custom': {
          const url = route.endpointUrl;
          if (!url) return undefined;
          // Keyed by the key too: an endpoint registered again with a new key gets a new client.
          return cached(`custom ${url} ${route.endpointApiKey ?? ''}`, () => openAiCompatible(url, route.endpointApiKey));
        }
        default:
          return undefined;
      }
    },
  };
}
