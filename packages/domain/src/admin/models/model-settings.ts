// What this server fine-tunes with: the known bases (docs/product-rules.md#admin-forms "base must be a known base") and the
// organisations the version titles name V0 and V1 (docs/product-rules.md#admin-back-office), from the environment.
import { defaultFineTuningBases } from '@doppel/validation';

export type ModelSettings = {
  /** Known bases, the first being a new model's default. */
  bases: readonly string[];
  /** Organisation ids labelled V0 and V1; any other is "Unknown". */
  organisations: { V0: string | null; V1: string | null };
};

export const defaultModelSettings: ModelSettings = {
  bases: defaultFineTuningBases,
  organisations: { V0: 'org-doppel-v0', V1: 'org-doppel-v1' },
};

export function organisationLabel(settings: ModelSettings, organisationId: string | null): 'V0' | 'V1' | 'Unknown' {
  if (organisationId && organisationId === settings.organisations.V0) return 'V0';
  if (organisationId && organisationId === settings.organisations.V1) return 'V1';
  return 'Unknown';
}
