import {
  dollarsText,
  formatCount,
  type MonetisationSettings,
  monetisationSettingsSchema,
  type PriceField,
  priceLimits,
  type TalentSettings,
} from '@doppel/validation';
import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CreditsInput } from '../../../components/credits-input.tsx';
import { DollarsInput } from '../../../components/dollars-input.tsx';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';
import { subscriptionPriceChange, subscriptionPriceError } from './subscription-price-field.ts';
import { useTalentSettings, useUpdateSettings } from './use-talent-settings.ts';

/** The subscription price is in whole cents (typed in dollars); '' while the twin sells none. */
type Values = Record<PriceField, number | string> & { subscriptionPriceCents: number | string };

const prices: Array<{ field: PriceField; label: string; description: string }> = [
  { field: 'creditsToSendMessage', label: 'Cost per message', description: 'What a fan pays to send one message' },
  { field: 'creditsToUnlockImage', label: 'Cost per image', description: 'What a fan pays to unlock an image' },
  { field: 'creditsToUnlockAudio', label: 'Cost per audio', description: 'What a fan pays to unlock a voice note' },
];

const valuesOf = (talent: TalentSettings): Values => ({
  creditsToSendMessage: talent.creditsToSendMessage,
  creditsToUnlockImage: talent.creditsToUnlockImage,
  creditsToUnlockAudio: talent.creditsToUnlockAudio,
  subscriptionPriceCents: talent.subscriptionPriceCents ?? '',
});

const checkCreditPrices = schemaResolver(monetisationSettingsSchema, { sync: true });

/**
 * /settings/monetisation: three whole-credit prices with their live USD equivalent (1 credit = 0.10
 * USD), and the monthly subscription price in dollars within the admins' limits.
 */
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
    validate: (values) => {
      const subscription = subscriptionPriceError(values.subscriptionPriceCents, talent);
      return { ...checkCreditPrices(values), ...(subscription ? { subscriptionPriceCents: subscription } : {}) };
    },
  });
  useSyncFormWithData(form, valuesOf(talent));
  const { update, saving } = useUpdateSettings();
  const limits = talent.subscriptionPriceLimits;

  const { onSubmit: submit, error: otherError } = useServerForm(form, (values) => {
    const parsed: MonetisationSettings = monetisationSettingsSchema.parse(values);
    return update({ ...parsed, ...subscriptionPriceChange(values.subscriptionPriceCents, talent) });
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
              At least {priceLimits[field].min}, at most {formatCount(priceLimits[field].max)}
            </Text>
          </CreditsInput>
        ))}
      </SimpleGrid>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Monthly subscription
        </Title>
        <DollarsInput
          label="Subscription price"
          description="What a fan pays a month to message your twin without spending credits"
          size="md"
          maw={{ base: '100%', sm: 320 }}
          placeholder={talent.subscriptionPriceCents === null ? 'No subscription' : undefined}
          data-testid="subscription-price"
          {...form.getInputProps('subscriptionPriceCents')}
        />
        <Text size="xs" c="dimmed" data-testid="subscription-price-limits">
          Between {dollarsText(limits.minCents)} and {dollarsText(limits.maxCents)} a month. A new price applies to new
          subscribers; fans already subscribed keep theirs.
          {talent.subscriptionPriceCents === null ? ' Leave it empty to offer no subscription.' : ''}
        </Text>
      </Stack>
    </SettingsForm>
  );
}
