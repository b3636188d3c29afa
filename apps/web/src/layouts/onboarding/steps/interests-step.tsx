import { interestsStepSchema, isOfferedInterest } from '@doppel/validation';
import { schemaResolver, useForm } from '@mantine/form';
import { InterestsPicker } from '../../../components/interests-picker.tsx';
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

  return (
    <StepFrame index={6} onSubmit={submit} saving={update.saving} error={update.otherError}>
      <InterestsPicker
        stored={stored}
        value={form.values.interests}
        onChange={(value) => form.setFieldValue('interests', value)}
        error={form.errors.interests as string | undefined}
        droppedWhen="continue"
      />
    </StepFrame>
  );
}
