import { interests, interestsMax, interestsStepSchema, isOfferedInterest } from '@doppel/validation';
import { Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ChipOption, ChipPicker } from '../chip-picker.tsx';
import { optionLabel } from '../option-labels.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

/**
 * Step 7: one to five interests. Interests on the draft that are no longer offered show as deprecated;
 * they count until unpicked and are dropped on save, since the server only accepts offered ones.
 */
export function InterestsStep({ state }: StepProps) {
  const draft = state.draft;
  const stored = draft?.interests ?? [];
  const deprecated = stored.filter((value) => !isOfferedInterest(value));
  const options: ChipOption[] = [
    ...interests.map((value) => ({ value, label: optionLabel(value) })),
    ...deprecated.map((value) => ({ value, label: optionLabel(value), deprecated: true })),
  ];
  const form = useForm<{ interests: string[] }>({
    mode: 'controlled',
    initialValues: { interests: stored },
    validate: (values) =>
      schemaResolver(interestsStepSchema, { sync: true })({ interests: values.interests.filter(isOfferedInterest) }),
  });
  const update = useDraftUpdate(6, { setFieldErrors: form.setErrors, fields: ['interests'] });

  const submit = form.onSubmit((values) => {
    update.save(draft?.id, interestsStepSchema.parse({ interests: values.interests.filter(isOfferedInterest) }));
  });

  const pickedDeprecated = form.values.interests.some((value) => !isOfferedInterest(value));
  return (
    <StepFrame index={6} onSubmit={submit} saving={update.saving} error={update.otherError}>
      <Stack gap="xs">
        <ChipPicker
          label="Interests"
          options={options}
          value={form.values.interests}
          onChange={(value) => form.setFieldValue('interests', value)}
          max={interestsMax}
          error={form.errors.interests as string | undefined}
        />
        {pickedDeprecated && (
          <Text size="sm" c="dimmed">
            Interests marked deprecated are no longer offered and are removed when you continue.
          </Text>
        )}
      </Stack>
    </StepFrame>
  );
}
