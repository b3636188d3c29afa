import {
  chatPromptMaxLength,
  formatCount,
  type Purpose,
  personalityTraits,
  personalityTraitsMax,
  purposes,
} from '@doppel/validation';
import { NativeSelect, Stack, Switch, Text, Textarea } from '@mantine/core';
import { ChipPicker } from '../../../components/chip-picker.tsx';
import { InterestsPicker } from '../../../components/interests-picker.tsx';
import { optionLabel, purposeDetails } from '../../../forms/option-labels.ts';
import { FormCard } from '../../../kit/form-card.tsx';
import type { SectionProps } from './settings-section.tsx';

/** Persona: purpose, traits, interests, facts, and the custom prompt that replaces the generated one. */
export function PersonaSection({ form, talent }: SectionProps) {
  const promptLength = form.values.chatPrompt.length;
  // A stored trait no longer offered still shows, marked deprecated, until it is unticked.
  const storedRetired = talent.personalityTraits.filter((value) => !(personalityTraits as readonly string[]).includes(value));
  return (
    <FormCard title="Persona" description="How the twin talks and what it knows.">
      <NativeSelect
        label="Purpose"
        maw={320}
        data={[
          { value: '', label: 'None' },
          ...purposes.map((purpose) => ({ value: purpose, label: purposeDetails[purpose].title })),
        ]}
        value={form.values.purpose}
        onChange={(event) => form.setFieldValue('purpose', event.currentTarget.value as Purpose | '')}
        error={form.errors.purpose}
      />
      <ChipPicker
        label="Personality traits"
        options={[
          ...personalityTraits.map((value) => ({ value, label: optionLabel(value) })),
          ...storedRetired.map((value) => ({ value, label: optionLabel(value), deprecated: true })),
        ]}
        value={form.values.personalityTraits}
        onChange={(value) => form.setFieldValue('personalityTraits', value)}
        max={personalityTraitsMax}
        error={form.errors.personalityTraits as string | undefined}
      />
      <InterestsPicker
        stored={talent.interests.map((interest) => interest.value)}
        value={form.values.interests}
        onChange={(value) => form.setFieldValue('interests', value)}
        error={form.errors.interests as string | undefined}
        droppedWhen="save"
      />
      <Textarea
        label="Facts"
        description="One fact per line: things the twin knows about the creator."
        autosize
        minRows={5}
        maxRows={20}
        {...form.getInputProps('facts')}
      />
      <Stack gap="xs">
        <Switch
          label="Custom chat prompt"
          aria-label="Custom chat prompt"
          description="Use the instructions below instead of the generated prompt."
          {...form.getInputProps('hasCustomChatPrompt', { type: 'checkbox' })}
        />
        <Textarea
          label="Chat prompt"
          autosize
          minRows={5}
          maxRows={20}
          {...form.getInputProps('chatPrompt')}
          description={
            <Text span size="xs" c={promptLength > chatPromptMaxLength ? 'red' : 'dimmed'} data-testid="chat-prompt-counter">
              {formatCount(promptLength)} / {formatCount(chatPromptMaxLength)} characters
              {form.values.hasCustomChatPrompt ? '' : ' (kept, but not used while the custom prompt is off)'}
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Stack>
    </FormCard>
  );
}
