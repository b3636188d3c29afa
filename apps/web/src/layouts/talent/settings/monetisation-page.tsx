import {
  type MonetisationSettings,
  monetisationSettingsSchema,
  type PriceField,
  priceLimits,
  type TalentSettings,
} from '@doppel/validation';
import { SimpleGrid, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CreditsInput } from '../../../components/credits-input.tsx';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';
import { useSaveSettings, useTalentSettings } from './use-talent-settings.ts';

type Values = Record<PriceField, number | string>;

const prices: Array<{ field: PriceField; label: string; description: string }> = [
  { field: 'creditsToSendMessage', label: 'Cost per message', description: 'What a fan pays to send one message' },
  { field: 'creditsToUnlockImage', label: 'Cost per image', description: 'What a fan pays to unlock an image' },
  { field: 'creditsToUnlockAudio', label: 'Cost per audio', description: 'What a fan pays to unlock a voice note' },
];

const valuesOf = (talent: TalentSettings): Values => ({
  creditsToSendMessage: talent.creditsToSendMessage,
  creditsToUnlockImage: talent.creditsToUnlockImage,
  creditsToUnlockAudio: talent.creditsToUnlockAudio,
});

/** /settings/monetisation: three whole-credit prices with their live USD equivalent (1 credit = 0.10 USD). */
export function MonetisationPage() {
  const query = useTalentSettings();
  return (
    <SettingsPage title="Monetisation" description="Prices in credits. One credit is worth 0.10 USD." query={query}>
      {(talent) => <MonetisationForm talent={talent} />}
    </SettingsPage>
  );
}

function MonetisationForm({ talent }: { talent: TalentSettings }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(talent),
    validate: schemaResolver(monetisationSettingsSchema, { sync: true }),
  });
  useSyncFormWithData(form, valuesOf(talent));
  const { save, saving, otherError } = useSaveSettings({ fields: Object.keys(priceLimits), setFieldErrors: form.setErrors });

  const submit = form.onSubmit((values) => {
    const parsed: MonetisationSettings = monetisationSettingsSchema.parse(values);
    save(parsed, () => form.resetDirty());
  });

  return (
    <SettingsForm onSubmit={submit} saving={saving} error={otherError}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {prices.map(({ field, label, description }) => (
          <CreditsInput
            key={field}
            label={label}
            description={description}
            size="md"
            min={priceLimits[field].min}
            max={priceLimits[field].max}
            testId={`${field}-usd`}
            {...form.getInputProps(field)}
          >
            <Text size="xs" c="dimmed">
              At least {priceLimits[field].min}, at most {priceLimits[field].max.toLocaleString('en-US')}
            </Text>
          </CreditsInput>
        ))}
      </SimpleGrid>
    </SettingsForm>
  );
}
