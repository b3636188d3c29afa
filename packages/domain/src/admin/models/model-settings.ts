// What this server fine-tunes with: the providers it has and the bases each offers (docs/fine-tuning.md#providers;
// docs/product-rules.md#admin-forms "base must be a known base"), and the organisations the version titles name V0 and
// V1 (docs/product-rules.md#admin-back-office), from the environment.
import { defaultFineTuningBases, defaultTogetherBases, type TrainingProvider } from '@doppel/validation';
import { DomainError } from '../../errors.ts';

export type ProviderBases = { provider: TrainingProvider; bases: readonly string[] };

export type ModelSettings = {
  /**
   * The configured providers in the order the form offers them, the first the default of a model
   * without one; `offline` alone when none is configured. Each one's bases, the first a new model's.
   */
  providers: readonly ProviderBases[];
  /** Organisation ids labelled V0 and V1; any other is "Unknown". */
  organisations: { V0: string | null; V1: string | null };
};

export const defaultModelSettings: ModelSettings = {
  providers: [{ provider: 'offline', bases: defaultFineTuningBases }],
  organisations: { V0: 'org-doppel-v0', V1: 'org-doppel-v1' },
};

/** Bases each provider may offer when its list is not configured (the offline fine-tuner plays OpenAI's part). */
export const defaultBasesOf = (provider: TrainingProvider): readonly string[] =>
  provider === 'together' ? defaultTogetherBases : defaultFineTuningBases;

/** The provider a model trains with: its own, else the server's default (the first configured). */
export function resolvedProvider(settings: ModelSettings, provider: TrainingProvider | null): TrainingProvider {
  return provider ?? settings.providers[0]?.provider ?? 'offline';
}

export function basesOf(settings: ModelSettings, provider: TrainingProvider): readonly string[] {
  return settings.providers.find((entry) => entry.provider === provider)?.bases ?? [];
}

/** Refuses a provider this server has not configured, under the form's Provider field. */
export function checkProvider(settings: ModelSettings, provider: TrainingProvider): void {
  if (settings.providers.some((entry) => entry.provider === provider)) return;
  const offered = settings.providers.map((entry) => entry.provider).join(', ');
  const message = `${provider} is not configured on this server; choose one of: ${offered}`;
  throw new DomainError('INVALID', message, { provider: [message] });
}

/** Refuses a base the provider does not offer, under the form's Base field. */
export function unknownBase(settings: ModelSettings, provider: TrainingProvider): DomainError {
  const message = `Unknown base for ${provider}: choose one of ${basesOf(settings, provider).join(', ')}`;
  return new DomainError('INVALID', message, { base: [message] });
}

export function organisationLabel(settings: ModelSettings, organisationId: string | null): 'V0' | 'V1' | 'Unknown' {
  if (organisationId && organisationId === settings.organisations.V0) return 'V0';
  if (organisationId && organisationId === settings.organisations.V1) return 'V1';
  return 'Unknown';
}
