import { personalityTraits, personalityTraitsMax, personalityTraitsStepSchema } from '@doppel/validation';
import { schemaResolver, useForm } from '@mantine/form';
import { ChipPicker } from '../../../components/chip-picker.tsx';
import { optionLabel } from '../../../forms/option-labels.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

const options = personalityTraits.map((value) => ({ value, label: optionLabel(value) }));

/** Step 6: one to three personality traits. */
export function PersonalityTraitsStep({ state }: StepProps) {
  const draft = state.draft;
  const form = useForm<{ personalityTraits: string[] }>({
    mode: 'controlled',
    initialValues: {
      personalityTraits: (draft?.personalityTraits ?? []).filter((trait) =>
        (personalityTraits as readonly string[]).includes(trait),
      ),
    },
    validate: schemaResolver(personalityTraitsStepSchema, { sync: true }),
  });
  const update = useDraftUpdate(5, { setFieldErrors: form.setErrors, fields: ['personalityTraits'] });

  const submit = form.onSubmit((values) => {
    update.save(draft?.id, personalityTraitsStepSchema.parse(values));
  });

  return (
    <StepFrame index={5} onSubmit={submit} saving={update.saving} error={update.otherError}>
      <ChipPicker
        label="Personality traits"
        options={options}
        value={form.values.personalityTraits}
        onChange={(value) => form.setFieldValue('personalityTraits', value)}
        max={personalityTraitsMax}
        error={form.errors.personalityTraits as string | undefined}
      />
    </StepFrame>
  );
}
