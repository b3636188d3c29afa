// Picks the fine-tuner from plain config (the apps map their env onto it).
import type { FineTuningPort } from '@doppel/domain/ports';
import { createOfflineFineTuning } from './offline-fine-tuning.ts';
import { createOpenAiFineTuning } from './openai-fine-tuning.ts';

export type FineTuningConfig = {
  /** OPENAI_API_KEY */
  openAiApiKey?: string | undefined;
  /** OPENAI_BASE_URL: any OpenAI-compatible fine-tuning endpoint; default OpenAI's. */
  openAiBaseUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/**
 * OpenAI (or any compatible server) when a key is set, otherwise the offline fine-tuner. Unlike the
 * LLM, a base URL alone does not pick OpenAI: the keyless local servers it serves for chat do not
 * fine-tune, and every version would fail.
 */
export function createFineTuning(config: FineTuningConfig): FineTuningPort {
  if (!config.openAiApiKey) return createOfflineFineTuning();
  return createOpenAiFineTuning({
    apiKey: config.openAiApiKey,
    baseURL: config.openAiBaseUrl,
    timeoutMs: config.timeoutMs,
  });
}
