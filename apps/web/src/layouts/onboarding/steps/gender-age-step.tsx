import { type Gender, genderAgeStepSchema } from '@doppel/validation';
import { NumberInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { GenderPicker } from '../../../components/gender-picker.tsx';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

type Values = { gender: Gender | null; age: number | string };

/** Step 4: exactly one gender and the age in years ("Age is required" when empty). */
export function GenderAgeStep({ state }: StepProps) {
  const draft = state.draft;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { gender: draft?.gender ?? null, age: draft?.age ?? '' },
    validate: schemaResolver(genderAgeStepSchema, { sync: true }),
  });
  const update = useDraftUpdate(3, { setFieldErrors: form.setErrors, fields: ['gender', 'age'] });

  const submit = form.onSubmit((values) => {
    const { gender, age } = genderAgeStepSchema.parse(values);
    update.save(draft?.id, { gender, age });
  });

  return (
    <StepFrame index={3} onSubmit={submit} saving={update.saving} error={update.otherError}>
      <Stack gap="lg">
        <GenderPicker
          size="lg"
          value={form.values.gender}
          onChange={(gender) => form.setFieldValue('gender', gender)}
          error={form.errors.gender}
        />
        <NumberInput
          label="Age"
          placeholder="Your age in years"
          size="lg"
          maw={240}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          {...form.getInputProps('age')}
        />
      </Stack>
    </StepFrame>
  );
}
