import { genders } from '@doppel/validation';
import { ActionIcon, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { genderLabels } from '../../../forms/option-labels.ts';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import type { AppForm, VoiceRowValues } from './app-form-values.ts';
import { SampleField } from './sample-field.tsx';

const genderOptions = genders.map((gender) => ({ value: gender, label: genderLabels[gender] }));

const numberFields = [
  { field: 'stability', label: 'Stability' },
  { field: 'similarityBoost', label: 'Similarity boost' },
  { field: 'style', label: 'Style' },
] as const;

/** One catalogue voice: id, name, mp3 sample with preview, the three numbers, model and gender. */
export function VoiceRow({ form, index, voice }: { form: AppForm; index: number; voice: VoiceRowValues }) {
  const path = `voices.${index}`;
  const legend = `Voice ${index + 1}`;
  const voiceLabel = voice.name.trim() || `voice ${index + 1}`;
  return (
    <Fieldset legend={legend} radius="md" data-testid="voice-row" data-voice-id={voice.id} data-index={index}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Voice ID"
            description="The text-to-speech provider's id"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps(`${path}.id`)}
          />
          <TextInput label="Name" autoComplete="off" {...form.getInputProps(`${path}.name`)} />
        </SimpleGrid>
        <SampleField
          voiceLabel={voiceLabel}
          path={voice.sampleFilePath}
          error={form.errors[`${path}.sampleFilePath`] as string | undefined}
          onUploaded={(filePath) => form.setFieldValue(`${path}.sampleFilePath`, filePath)}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {numberFields.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              min={0}
              max={1}
              step={0.1}
              decimalScale={1}
              allowNegative={false}
              clampBehavior="none"
              inputMode="decimal"
              {...form.getInputProps(`${path}.${field}`)}
            />
          ))}
        </SimpleGrid>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
            <TextInput label="Model" autoComplete="off" spellCheck={false} {...form.getInputProps(`${path}.model`)} />
            <Select label="Gender" data={genderOptions} allowDeselect={false} {...form.getInputProps(`${path}.gender`)} />
          </SimpleGrid>
          <HoverTooltip label="Remove voice" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              aria-label={`Remove ${voiceLabel}`}
              onClick={() => form.removeListItem('voices', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </HoverTooltip>
        </Group>
      </Stack>
    </Fieldset>
  );
}
