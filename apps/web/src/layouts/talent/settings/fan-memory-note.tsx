import { type FanMemoryKindValue, type FanMemoryView, fanMemoryEditForm, fanMemoryMaxLength } from '@doppel/validation';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { splitFieldErrors } from '../../../forms/server-errors.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { showSaved } from './use-talent-settings.ts';

export const memoryKindLabels: Record<FanMemoryKindValue, string> = {
  NAME: 'Name',
  FACT: 'Fact',
  PREFERENCE: 'Preference',
  EVENT: 'Event',
};

/** One note: its kind, text and date, edited in place or deleted after a confirm. */
export function FanMemoryNote({ chatId, memory, onChanged }: { chatId: string; memory: FanMemoryView; onChanged: () => void }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  if (mode === 'edit') return <EditNote chatId={chatId} memory={memory} onDone={() => setMode('view')} onSaved={onChanged} />;
  return (
    <Stack gap={6} data-testid="creator-fan-memory-note">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge size="sm" variant="light" color="grape" w={96} style={{ flex: 'none' }} mt={2}>
          {memoryKindLabels[memory.kind]}
        </Badge>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {memory.text}
          </Text>
          <Text size="xs" c="dimmed">
            {memory.updatedAt !== memory.createdAt
              ? `Edited ${formatDateTime(memory.updatedAt)}`
              : `Learnt ${formatDateTime(memory.createdAt)}`}
          </Text>
        </div>
        <ActionIcon variant="subtle" size={36} radius="xl" aria-label={`Edit "${memory.text}"`} onClick={() => setMode('edit')}>
          <IconPencil size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size={36}
          radius="xl"
          aria-label={`Delete "${memory.text}"`}
          onClick={() => setMode('confirm-delete')}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      {mode === 'confirm-delete' && (
        <ConfirmDelete chatId={chatId} memory={memory} onCancel={() => setMode('view')} onDeleted={onChanged} />
      )}
    </Stack>
  );
}

function ConfirmDelete({
  chatId,
  memory,
  onCancel,
  onDeleted,
}: {
  chatId: string;
  memory: FanMemoryView;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { talentId } = useTalentContext();
  const remove = trpc.talent.fanMemories.delete.useMutation({ onSuccess: onDeleted });
  return (
    <Alert color="red" variant="light" title="Delete this note?">
      <Text size="sm">Your twin will no longer remember it. The fan’s messages stay.</Text>
      {remove.error && <ErrorAlert error={remove.error} title="Could not delete" />}
      <Group mt="sm" gap="xs">
        <Button
          color="red"
          size="xs"
          loading={remove.isPending}
          onClick={() => remove.mutate({ talentId, chatId, memoryId: memory.id })}
        >
          Yes, delete
        </Button>
        <Button variant="default" size="xs" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Alert>
  );
}

function EditNote({
  chatId,
  memory,
  onDone,
  onSaved,
}: {
  chatId: string;
  memory: FanMemoryView;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { talentId } = useTalentContext();
  const [otherError, setOtherError] = useState<unknown>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: memory.text },
    validate: schemaResolver(fanMemoryEditForm, { sync: true }),
  });
  const update = trpc.talent.fanMemories.update.useMutation();

  const submit = form.onSubmit((values) => {
    setOtherError(null);
    update.mutate(
      { talentId, chatId, memoryId: memory.id, text: values.text },
      {
        onSuccess: () => {
          showSaved();
          onSaved();
          onDone();
        },
        onError: (error) => {
          const described = describeError(error);
          const { onFields, other } = splitFieldErrors(described.fieldErrors, ['text']);
          // A note the fan already has (CONFLICT) belongs on the field too: it is about this text.
          if (!described.fieldErrors && described.code === 'CONFLICT') form.setErrors({ text: described.message });
          else form.setErrors(onFields);
          setOtherError(other ? new Error(other) : described.fieldErrors || described.code === 'CONFLICT' ? null : error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={`${memoryKindLabels[memory.kind]} note`}
          description={`At most ${fanMemoryMaxLength} characters.`}
          maxLength={fanMemoryMaxLength + 50}
          data-autofocus
          autoFocus
          {...form.getInputProps('text')}
        />
        {otherError !== null && <ErrorAlert error={otherError} title="Could not save" />}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
