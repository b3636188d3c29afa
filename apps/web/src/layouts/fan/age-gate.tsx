import { type ChatConfirmAgeInput, chatConfirmAgeInput } from '@doppel/validation';
import { Alert, Button, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useServerForm } from '../../kit/use-server-form.ts';
import { trpc } from '../../trpc/trpc.ts';
import classes from './fan-chat.module.css';

/**
 * The age gate of a twin above SAFE (docs/safety.md): in place of the composer until the fan has
 * given their date of birth. Only the verdict is kept; an under-18 answer makes the fan a minor
 * everywhere (SAFE content, break reminders, no adult-level purchases), and they may chat.
 */
export function AgeGate({ twinName, onConfirmed }: { twinName: string; onConfirmed: () => void }) {
  const form = useForm<ChatConfirmAgeInput>({
    mode: 'controlled',
    initialValues: { birthDate: '' },
    validate: schemaResolver(chatConfirmAgeInput, { sync: true }),
  });
  const confirm = trpc.chat.confirmAge.useMutation();
  const { onSubmit: submit, error: otherError } = useServerForm(form, (values) => confirm.mutateAsync(values), {
    savedMessage: null,
    onSaved: onConfirmed,
  });

  return (
    <form className={classes.notice} onSubmit={submit} data-testid="age-gate" noValidate>
      <Text fw={600} fz="sm">
        Confirm your age
      </Text>
      <Text fz="sm" c="dimmed" mb="sm">
        {twinName}’s twin may talk about adult topics. Tell us your date of birth before the first message. We keep only whether
        you are 18 or older.
      </Text>
      <TextInput
        type="date"
        label="Date of birth"
        size="md"
        mb="sm"
        max={new Date().toISOString().slice(0, 10)}
        {...form.getInputProps('birthDate')}
      />
      {otherError && (
        <Alert color="red" variant="light" mb="sm" role="alert">
          {otherError}
        </Alert>
      )}
      <Button type="submit" variant="gradient" fullWidth loading={confirm.isPending}>
        Continue
      </Button>
    </form>
  );
}
