import { adminPriceMax } from '@doppel/validation';
import { Avatar, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { CreditsInput } from '../../../components/credits-input.tsx';
import { GenderPicker } from '../../../components/gender-picker.tsx';
import { FormCard } from '../../../kit/form-card.tsx';
import { pictureSrc } from '../../../media/media-url.ts';
import type { SectionProps } from './settings-section.tsx';

/** Profile: name, tag, picture, gender, age, adult content. */
export function ProfileSection({ form, talent }: SectionProps) {
  return (
    <FormCard title="Profile" description="Who fans see: the name, the handle of the chat link and the picture.">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={pictureSrc(talent.profilePictureUrl)}
          name={talent.name}
          color="initials"
          size={72}
          radius={999}
          alt="Profile picture"
          data-testid="talent-picture"
        />
        <Text size="sm" c="dimmed">
          {talent.profilePictureUrl ? 'The profile picture the creator uploaded.' : 'No profile picture yet.'}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput
          label="Tag"
          description="The handle in the chat link (/chat/tag), unique"
          leftSection={<IconAt size={16} />}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...form.getInputProps('tag')}
        />
      </SimpleGrid>
      <GenderPicker
        value={form.values.gender}
        onChange={(gender) => form.setFieldValue('gender', gender)}
        error={form.errors.gender}
        size="sm"
      />
      <Group gap="lg" align="flex-end" wrap="wrap">
        <NumberInput
          label="Age"
          description="Whole years above 0; empty for none"
          w={200}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          {...form.getInputProps('age')}
        />
        <Switch
          label="Adult twin"
          aria-label="Adult twin"
          description="Adult (18+) content is allowed"
          pb={4}
          {...form.getInputProps('isAdult', { type: 'checkbox' })}
        />
      </Group>
    </FormCard>
  );
}

const prices = [
  { field: 'creditsToSendMessage', label: 'Cost per message' },
  { field: 'creditsToUnlockImage', label: 'Cost per image' },
  { field: 'creditsToUnlockAudio', label: 'Cost per audio' },
] as const;

function PriceInput({
  form,
  field,
  label,
}: {
  form: SectionProps['form'];
  field: (typeof prices)[number]['field'] | 'creditsToUnlockFirstImage';
  label: string;
}) {
  return <CreditsInput label={label} min={0} max={adminPriceMax} testId={`${field}-usd`} {...form.getInputProps(field)} />;
}

/** Pricing: the three prices and the first-image offer, each with its USD value (1 credit = 0.10 USD). */
export function PricingSection({ form }: SectionProps) {
  return (
    <FormCard title="Pricing" description="Whole credits from 0. One credit is worth 0.10 USD.">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {prices.map(({ field, label }) => (
          <PriceInput key={field} form={form} field={field} label={label} />
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        <Switch
          label="First image offer"
          aria-label="First image offer"
          description="A special price for the first image a fan unlocks"
          {...form.getInputProps('firstImageOffer', { type: 'checkbox' })}
        />
        {form.values.firstImageOffer && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <PriceInput form={form} field="creditsToUnlockFirstImage" label="Cost of the first image" />
          </SimpleGrid>
        )}
      </Stack>
      <TextInput
        label="Subscription product ID"
        description="The payment provider's product fans subscribe to; empty for none"
        maw={420}
        {...form.getInputProps('subscriptionProductId')}
      />
    </FormCard>
  );
}
