import type { AdminTalent } from '@doppel/validation';
import type { UseFormReturnType } from '@mantine/form';
import type { SettingsValues } from './talent-settings-values.ts';

/** The Settings tab's form, as every section edits it. */
export type SettingsForm = UseFormReturnType<SettingsValues>;

/** What each section of the Settings tab receives. */
export type SectionProps = { form: SettingsForm; talent: AdminTalent };
