import { NumberInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { FormCard } from '../../../kit/form-card.tsx';
import type { AppForm } from './app-form-values.ts';
import { GroupError } from './group-error.tsx';

type FunctionKey = 'generateImageAttachment' | 'generateAudioAttachment';

const descriptionRows = { autosize: true, minRows: 2, maxRows: 6 } as const;

/** The label of each description field, per function; the audio function has no context. */
const fieldsOf: Record<FunctionKey, Array<{ field: string; label: string }>> = {
  generateImageAttachment: [
    { field: 'description', label: 'Image function description' },
    { field: 'contextDescription', label: 'Image context description' },
    { field: 'successTextDescription', label: 'Image success text description' },
    { field: 'failureTextDescription', label: 'Image failure text description' },
  ],
  generateAudioAttachment: [
    { field: 'description', label: 'Audio function description' },
    { field: 'successTextDescription', label: 'Audio success text description' },
    { field: 'failureTextDescription', label: 'Audio failure text description' },
  ],
};

/** The model's temperature when it picks a function, and the two functions' names and descriptions. */
export function FunctionSettingsCard({ form }: { form: AppForm }) {
  return (
    <FormCard title="Function settings" description="The functions the model may call to send a photo or a voice note.">
      <NumberInput
        label="Function temperature"
        description="From 0 to 1"
        min={0}
        max={1}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        clampBehavior="none"
        inputMode="decimal"
        maw={260}
        {...form.getInputProps('llmFunctionTemperature')}
      />
      <FunctionFields form={form} fn="generateImageAttachment" title="Image attachment" nameLabel="Image function name" />
      <FunctionFields form={form} fn="generateAudioAttachment" title="Audio attachment" nameLabel="Audio function name" />
      <GroupError error={form.errors.functionSchemaConfig} />
    </FormCard>
  );
}

function FunctionFields({ form, fn, title, nameLabel }: { form: AppForm; fn: FunctionKey; title: string; nameLabel: string }) {
  const path = `functionSchemaConfig.${fn}`;
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {title}
      </Title>
      <TextInput
        label={nameLabel}
        description="Letters and underscores only"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maw={420}
        {...form.getInputProps(`${path}.name`)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fieldsOf[fn].map(({ field, label }) => (
          <Textarea key={field} label={label} {...descriptionRows} {...form.getInputProps(`${path}.${field}`)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
