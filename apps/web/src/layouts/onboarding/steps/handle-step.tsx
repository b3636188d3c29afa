import { handleMaxLength, handleSchema, handleStepSchema, normaliseHandle } from '@doppel/validation';
import { Loader, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../../trpc/trpc.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

const checkDelayMs = 400;

/** Step 3: the handle, shown after an @, checked live (rule and uniqueness) while typing. */
export function HandleStep({ state }: StepProps) {
  const draft = state.draft;
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { tag: draft?.tag ?? '' },
    validate: schemaResolver(handleStepSchema, { sync: true }),
  });
  const update = useDraftUpdate(2, { setFieldErrors: form.setErrors, fields: ['tag'] });

  const [typed] = useDebouncedValue(form.values.tag, checkDelayMs);
  const local = handleSchema.safeParse(typed);
  const typedNow = normaliseHandle(form.values.tag);
  const settled = normaliseHandle(typed) === typedNow;
  const check = trpc.onboarding.checkHandle.useQuery(
    { tag: local.success ? local.data : '' },
    { enabled: local.success, staleTime: 10_000, retry: false },
  );

  // Live message: the rule first (no call needed), then the server's answer for a valid handle.
  let liveError: string | null = null;
  let available = false;
  if (settled && typedNow !== '') {
    if (!local.success) liveError = local.error.issues[0]?.message ?? null;
    else if (check.data && !check.isFetching) {
      if (check.data.available) available = true;
      else liveError = check.data.message ?? 'This handle is already taken';
    }
  }
  const checking = typedNow !== '' && (!settled || (local.success && check.isFetching));

  const submit = form.onSubmit((values) => {
    const { tag } = handleStepSchema.parse(values);
    if (draft?.tag === tag) navigate('/gender-age');
    else update.save(draft?.id, { tag });
  });

  return (
    <StepFrame index={2} onSubmit={submit} saving={update.saving} error={update.otherError}>
      <TextInput
        label="Handle"
        placeholder="yourname"
        size="lg"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={handleMaxLength + 2}
        leftSection={
          <Text fw={700} c="dimmed" fz="lg">
            @
          </Text>
        }
        rightSection={
          checking ? (
            <Loader size="xs" />
          ) : available ? (
            <IconCircleCheckFilled size={22} color="var(--mantine-color-teal-6)" aria-hidden />
          ) : null
        }
        {...form.getInputProps('tag')}
        error={form.errors.tag ?? liveError ?? undefined}
        description={
          available ? (
            <Text span size="sm" c="teal" fw={600}>
              @{typedNow} is available
            </Text>
          ) : (
            `Your link: ${window.location.origin}/r/${typedNow || 'yourname'}`
          )
        }
      />
    </StepFrame>
  );
}
