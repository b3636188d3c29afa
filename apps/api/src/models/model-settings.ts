// The fine-tuning settings this server runs with: its known bases and the organisations the admin
// sees as V0 and V1, from the environment, with the defaults of packages/domain when unset.
import { defaultModelSettings, type ModelSettings } from '@doppel/domain/admin/models';

export type ModelSettingsEnv = {
  FINE_TUNING_BASE_MODELS?: string | undefined;
  FINE_TUNING_ORGANISATION_V0?: string | undefined;
  FINE_TUNING_ORGANISATION_V1?: string | undefined;
};

export function modelSettingsOf(env: ModelSettingsEnv): ModelSettings {
  const bases = (env.FINE_TUNING_BASE_MODELS ?? '')
    .split(',')
    .map((base) => base.trim())
    .filter(Boolean);
  return {
    bases: bases.length > 0 ? bases : defaultModelSettings.bases,
    organisations: {
      V0: env.FINE_TUNING_ORGANISATION_V0 ?? defaultModelSettings.organisations.V0,
      V1: env.FINE_TUNING_ORGANISATION_V1 ?? defaultModelSettings.organisations.V1,
    },
  };
}
