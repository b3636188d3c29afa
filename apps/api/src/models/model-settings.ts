// The fine-tuning settings this server runs with: the providers it has (OpenAI and Together when
// their keys are set, else the offline fine-tuner), each one's bases, and the organisations the
// admin sees as V0 and V1, from the environment, with the defaults of packages/domain when unset.
import { defaultBasesOf, defaultModelSettings, type ModelSettings, type ProviderBases } from '@doppel/domain/admin/models';
import type { TrainingProvider } from '@doppel/validation';

export type ModelSettingsEnv = {
  OPENAI_API_KEY?: string | undefined;
  TOGETHER_API_KEY?: string | undefined;
  FINE_TUNING_BASE_MODELS?: string | undefined;
  TOGETHER_BASE_MODELS?: string | undefined;
  FINE_TUNING_ORGANISATION_V0?: string | undefined;
  FINE_TUNING_ORGANISATION_V1?: string | undefined;
};

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((base) => base.trim())
    .filter(Boolean);

export function modelSettingsOf(env: ModelSettingsEnv): ModelSettings {
  const openAiBases = listOf(env.FINE_TUNING_BASE_MODELS);
  const togetherBases = listOf(env.TOGETHER_BASE_MODELS);
  const entry = (provider: TrainingProvider, configured: string[]): ProviderBases => ({
    provider,
    bases: configured.length > 0 ? configured : defaultBasesOf(provider),
  });
  const providers: ProviderBases[] = [];
  if (env.OPENAI_API_KEY) providers.push(entry('openai', openAiBases));
  if (env.TOGETHER_API_KEY) providers.push(entry('together', togetherBases));
  // None configured: the offline fine-tuner, which plays OpenAI's part (its bases).
  if (providers.length === 0) providers.push(entry('offline', openAiBases));
  return {
    providers,
    organisations: {
      V0: env.FINE_TUNING_ORGANISATION_V0 ?? defaultModelSettings.organisations.V0,
      V1: env.FINE_TUNING_ORGANISATION_V1 ?? defaultModelSettings.organisations.V1,
    },
  };
}
