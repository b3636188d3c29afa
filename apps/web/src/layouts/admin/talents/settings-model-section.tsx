import { adminChatExamplesMax, adminTemperatureMax, type LlmType, llmTypes, shareStep } from '@doppel/validation';
import { NativeSelect, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { FormCard } from '../../../kit/form-card.tsx';
import type { SectionProps } from './settings-section.tsx';
import { sharePercent } from './talent-format.ts';

const llmTypeLabels: Record<LlmType, string> = { OPENAI: 'OpenAI', OFFLINE: 'Offline (no language model)' };

/** Model: which engine and model answer, how freely, and how many examples go into a prompt. */
export function ModelSection({ form }: SectionProps) {
  return (
    <FormCard title="Model" description="The language model that writes the twin's replies.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="LLM type"
          data={llmTypes.map((type) => ({ value: type, label: llmTypeLabels[type] }))}
          value={form.values.llmType}
          onChange={(event) => form.setFieldValue('llmType', event.currentTarget.value as LlmType)}
          error={form.errors.llmType}
        />
        <TextInput label="Model ID" description="e.g. gpt-3.5-turbo" {...form.getInputProps('llmModelId')} />
        <TextInput
          label="Fine-tuned model ID"
          description="Used instead of the model when set; empty for none"
          {...form.getInputProps('llmFineTunedModelId')}
        />
        <NumberInput
          label="Temperature"
          description={`0 to ${adminTemperatureMax}, in steps of 0.01`}
          min={0}
          max={adminTemperatureMax}
          step={0.01}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('llmTemperature')}
        />
        <NumberInput
          label="Chat examples per prompt"
          description={`How many chat examples go into one prompt (0 to ${adminChatExamplesMax})`}
          min={0}
          max={adminChatExamplesMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('chatExampleCount')}
        />
      </SimpleGrid>
    </FormCard>
  );
}

const shares = [
  {
    field: 'revenueShare',
    label: 'Revenue share',
    description: 'What the creator keeps of the earnings',
  },
  {
    field: 'referralRevenueShareForInviter',
    label: 'Referral share for the inviter',
    description: 'What the twin that referred this one earns of its gross',
  },
  {
    field: 'referralRevenueShareForInvitees',
    label: 'Referral share for invitees',
    description: 'The referral share that twins invited by this one start with',
  },
] as const;

/** Money: the revenue and referral shares, edited as decimals from 0 to 1 with their percentage. */
export function MoneySection({ form, talent }: SectionProps) {
  return (
    <FormCard title="Money" description="Shares are decimals from 0 to 1 in steps of 0.001: 0.6 is 60 %, 0.035 is 3.5 %.">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {shares.map(({ field, label, description }) => (
          <div key={field}>
            <NumberInput
              label={`${label} (0 to 1)`}
              description={description}
              min={0}
              max={1}
              step={shareStep}
              decimalScale={3}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps(field)}
            />
            <Text size="sm" c="doppel" fw={600} mt={4} data-testid={`${field}-percent`} aria-live="polite">
              {sharePercent(form.values[field])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="talent-referrer">
        {talent.referralTalent
          ? `Referred by ${talent.referralTalent.name}${talent.referralTalent.tag ? ` (@${talent.referralTalent.tag})` : ''}.`
          : 'Not referred by another twin.'}
      </Text>
    </FormCard>
  );
}
