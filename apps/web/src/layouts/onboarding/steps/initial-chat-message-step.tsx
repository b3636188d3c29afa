import { consentRequiredMessage, consentStatement, initialChatMessageStepSchema } from '@doppel/validation';
import { Avatar, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fireConfetti } from '../../../components/confetti.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { splitFieldErrors } from '../../../forms/server-errors.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

const greetingMax = 1000;

/**
 * Step 8: the greeting and the consent confirmation (docs/safety.md), then "Finish setup": save it,
 * finish onboarding, celebrate, go to the dashboard.
 */
export function InitialChatMessageStep({ me, state }: StepProps) {
  const draft = state.draft;
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const finish = trpc.onboarding.finish.useMutation();
  const [finishError, setFinishError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { initialChatMessageText: draft?.initialChatMessageText ?? '' },
    validate: schemaResolver(initialChatMessageStepSchema, { sync: true }),
  });
  const update = useDraftUpdate(7, { setFieldErrors: form.setErrors, fields: ['initialChatMessageText'] });
  const twinName = draft?.name ?? me.name;

  const submit = form.onSubmit((values) => {
    setFinishError(null);
    if (!consent) {
      setConsentError(consentRequiredMessage);
      return;
    }
    const parsed = initialChatMessageStepSchema.parse(values);
    update.save(draft?.id, parsed, (saved) => {
      finish.mutate(
        { id: saved.draft?.id ?? '', consent: true },
        {
          onSuccess: async () => {
            void fireConfetti();
            // The shell picks the talent layout once auth.me lists the new talent.
            await utils.auth.me.refetch();
            navigate('/', { replace: true });
          },
          onError: (error) => setFinishError(splitFieldErrors(describeError(error).fieldErrors, []).other),
        },
      );
    });
  });

  const suggestion = `Hey, it's ${twinName}! 👋 So happy you're here. Tell me a little about yourself?`;
  const text = form.values.initialChatMessageText;
  return (
    <StepFrame
      index={7}
      onSubmit={submit}
      saving={update.saving || finish.isPending || finish.isSuccess}
      continueLabel="Finish setup"
      error={update.otherError ?? finishError}
    >
      <Stack gap="md">
        <Textarea
          label="Greeting message"
          placeholder={suggestion}
          size="md"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={greetingMax}
          {...form.getInputProps('initialChatMessageText')}
          description={`${text.length} / ${greetingMax}`}
        />
        {text.trim() === '' ? (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconSparkles size={16} />}
              onClick={() => form.setFieldValue('initialChatMessageText', suggestion)}
            >
              Use a suggestion
            </Button>
          </Group>
        ) : (
          <Paper bg="var(--mantine-color-gray-0)" p="md" radius="lg">
            <Text size="xs" c="dimmed" mb={8}>
              Preview
            </Text>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Avatar src={draft?.profilePictureUrl ?? null} name={twinName} color="initials" size={32} />
              <Paper
                bg="var(--mantine-color-doppel-6)"
                c="white"
                px="md"
                py="xs"
                radius="lg"
                maw="80%"
                style={{ borderBottomLeftRadius: 4, whiteSpace: 'pre-wrap' }}
              >
                <Text size="sm">{text}</Text>
              </Paper>
            </Group>
          </Paper>
        )}
        <Checkbox
          label={consentStatement}
          checked={consent}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            setConsentError(null);
          }}
          error={consentError}
        />
      </Stack>
    </StepFrame>
  );
}
