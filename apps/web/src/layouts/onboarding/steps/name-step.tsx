import { nameStepSchema, onboardingNameMax } from '@doppel/validation';
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../../errors/describe-error.ts';
import { splitFieldErrors } from '../../../forms/server-errors.ts';
import { readStored, storageKeys, writeStored } from '../../../storage/stored-value.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

/** Step 1: the twin's name. The first submit creates the draft with the stored referral tag (docs/product-rules.md#onboarding). */
export function NameStep({ me, state }: StepProps) {
  const draft = state.draft;
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const create = trpc.onboarding.create.useMutation();
  const [createError, setCreateError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: draft?.name ?? me.name },
    validate: schemaResolver(nameStepSchema, { sync: true }),
  });
  const update = useDraftUpdate(0, { setFieldErrors: form.setErrors, fields: ['name'] });

  const submit = form.onSubmit((values) => {
    const { name } = nameStepSchema.parse(values);
    if (draft) {
      if (name === draft.name) navigate('/profile-picture');
      else update.save(draft.id, { name });
      return;
    }
    setCreateError(null);
    const referralTalentTag = readStored(storageKeys.referralTalentTag)?.trim() || undefined;
    create.mutate(
      { name, referralTalentTag },
      {
        onSuccess: (next) => {
          utils.onboarding.get.setData(undefined, next);
          // The tag has done its job: it now lives on the draft (docs/product-rules.md#onboarding).
          writeStored(storageKeys.referralTalentTag, null);
          navigate('/profile-picture');
        },
        onError: (error) => {
          const { onFields, other } = splitFieldErrors(describeError(error).fieldErrors, ['name']);
          form.setErrors(onFields);
          setCreateError(other);
        },
      },
    );
  });

  return (
    <StepFrame index={0} onSubmit={submit} saving={create.isPending || update.saving} error={createError ?? update.otherError}>
      <TextInput
        label="Twin name"
        placeholder="e.g. Mia Moreno"
        size="lg"
        maxLength={onboardingNameMax + 10}
        autoComplete="off"
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
    </StepFrame>
  );
}
