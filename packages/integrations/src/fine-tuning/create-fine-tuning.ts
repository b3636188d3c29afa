// Picks the fine-tuner from plain config (the apps map their env onto it).
import {
  type FineTuningPort,
  FineTuningRefusedError,
  type FineTuningRegistry,
  type TrainingProvider,
} from '@doppel/domain/ports';
import { createOfflineFineTuning } from './offline-fine-tuning.ts';
import { createOpenAiFineTuning } from './openai-fine-tuning.ts';
import { createTogetherFineTuning } from './together-fine-tuning.ts';

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

export type FineTuningRegistryConfig = FineTuningConfig & {
  /** TOGETHER_API_KEY */
  togetherApiKey?: string | undefined;
  /** TOGETHER_BASE_URL: Together's API, default https://api.together.xyz/v1 (a fake in tests). */
  togetherBaseUrl?: string | undefined;
};

/**
 * The fine-tuner of a provider this server has no key for: it has nothing to find, and every
 * request is refused with words an admin can act on, so the version fails instead of pretending.
 */
function unconfiguredFineTuning(provider: TrainingProvider, message: string): FineTuningPort {
  const refuse = async (): Promise<never> => {
    throw new FineTuningRefusedError(message);
  };
  return {
    engine: provider,
    findTrainingFile: async () => null,
    uploadTrainingFile: refuse,
    findJob: async () => null,
    createJob: refuse,
    getJob: refuse,
  };
}

/**
 * Every fine-tuner this server has: OpenAI when its key is set, Together when its key is set, and
 * the offline one always (the only one offered when neither is). The first configured is the default.
 * A version of a provider not configured here: an OpenAI one (or seeded demo data) is trained by the
 * offline fine-tuner, as the whole server did before providers were chosen per model; a Together
 * one fails with the reason, since its replies could not reach Together either.
 */
export function createFineTuningRegistry(config: FineTuningRegistryConfig): FineTuningRegistry {
  const offline = createOfflineFineTuning();
  const configured = new Map<TrainingProvider, FineTuningPort>();
  if (config.openAiApiKey) configured.set('openai', createFineTuning(config));
  if (config.togetherApiKey) {
    configured.set(
      'together',
      createTogetherFineTuning({ apiKey: config.togetherApiKey, baseURL: config.togetherBaseUrl, timeoutMs: config.timeoutMs }),
    );
  }
  const providers: TrainingProvider[] = configured.size > 0 ? [...configured.keys()] : ['offline'];
  return {
    providers,
    defaultProvider: providers[0] ?? 'offline',
    fineTunerFor: (provider) =>
      configured.get(provider as TrainingProvider) ??
      (provider === 'together'
        ? unconfiguredFineTuning('together', 'Together AI is not configured on this server (set TOGETHER_API_KEY).')
        : offline),
  };
}
