import { appEmptyChatMessageMax, shareStep } from '@doppel/validation';
import { Group, NumberInput, Textarea, TextInput } from '@mantine/core';
import { DollarsInput } from '../../../components/dollars-input.tsx';
import { FormCard } from '../../../kit/form-card.tsx';
import type { AppForm } from './app-form-values.ts';

/** Multi-line fields grow from 5 to 20 rows (docs/product-rules.md#constants-and-limits). */
const templateRows = { autosize: true, minRows: 5, maxRows: 20 } as const;

export function PromptTemplatesCard({ form }: { form: AppForm }) {
  return (
    <FormCard title="Prompt templates" description="The system prompts the model gets; {{placeholders}} are filled per twin.">
      <Textarea label="Chat prompt template" {...templateRows} {...form.getInputProps('chatPromptTemplate')} />
      <Textarea
        label="Chat prompt template for FAQ"
        description="Used when an FAQ answer matches the fan's message."
        {...templateRows}
        {...form.getInputProps('chatPromptTemplateForFaq')}
      />
      <Textarea
        label="Talent chat prompt template"
        description="Used when a creator chats with their own twin."
        {...templateRows}
        {...form.getInputProps('talentChatPromptTemplate')}
      />
    </FormCard>
  );
}

export function ReferralShareCard({ form }: { form: AppForm }) {
  return (
    <FormCard title="Referral share" description="What a referring creator earns of an invited creator's gross, by default.">
      <NumberInput
        label="Referral revenue share"
        description="From 0 to 1, e.g. 0.03 for 3 %"
        min={0}
        max={1}
        step={shareStep}
        decimalScale={3}
        allowNegative={false}
        clampBehavior="none"
        inputMode="decimal"
        maw={260}
        {...form.getInputProps('referralRevenueShare')}
      />
    </FormCard>
  );
}

export function AppVersionCard({ form }: { form: AppForm }) {
  const versionError = form.errors['minVersion.talent'] ?? form.errors.minVersion;
  return (
    <FormCard title="Minimum version" description="Apps older than this show the update banner and reload.">
      <TextInput
        label="Minimum talent version"
        placeholder="1.2.3"
        autoComplete="off"
        autoCapitalize="none"
        maw={260}
        {...form.getInputProps('minVersion.talent')}
        error={versionError}
      />
    </FormCard>
  );
}

export function EmptyChatCard({ form }: { form: AppForm }) {
  return (
    <FormCard title="Empty chat" description="The text a fan sees in a chat with no messages yet.">
      <Textarea
        label="Empty chat message"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={appEmptyChatMessageMax}
        {...form.getInputProps('emptyChatMessageText')}
      />
    </FormCard>
  );
}

export function SubscriptionPriceCard({ form }: { form: AppForm }) {
  return (
    <FormCard
      title="Subscription prices"
      description="What creators may charge a month for their twin's subscription. New limits apply to the next price a creator sets; prices already set stay."
    >
      <Group align="flex-start" gap="md" grow preventGrowOverflow={false}>
        <DollarsInput label="Minimum price" miw={160} maw={260} {...form.getInputProps('subscriptionPriceMinCents')} />
        <DollarsInput label="Maximum price" miw={160} maw={260} {...form.getInputProps('subscriptionPriceMaxCents')} />
      </Group>
    </FormCard>
  );
}
