import type { FanMemoryView } from '@doppel/validation';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';

/**
 * What the twin remembers about this chat's fan (per fan and twin), as the fan's own panel lists
 * it: an admin corrects a wrong note or deletes it. Updated live as the twin learns.
 */
export function FanMemoryPanel({ chatId }: { chatId: string }) {
  const utils = trpc.useUtils();
  const list = trpc.admin.chats.memories.list.useQuery({ chatId });
  const refresh = () => void utils.admin.chats.memories.list.invalidate({ chatId });
  useAdminLive(['fan_memories'], refresh, 300, [`chat:${chatId}`, 'admin']);
  const remove = trpc.admin.chats.memories.delete.useMutation({ onSettled: refresh });
  const memories = list.data?.memories ?? [];

  return (
    <Paper withBorder p="lg" shadow="xs" data-testid="admin-fan-memory">
      <Stack gap="sm">
        <Title order={4}>Fan memory ({memories.length})</Title>
        {list.error && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        {remove.error && <ErrorAlert error={remove.error} />}
        {list.isSuccess && memories.length === 0 && (
          <Text size="sm" c="dimmed">
            The twin remembers nothing about this fan yet.
          </Text>
        )}
        {memories.map((memory) => (
          <MemoryRow
            key={memory.id}
            chatId={chatId}
            memory={memory}
            onDelete={() => remove.mutate({ chatId, memoryId: memory.id })}
            deleting={remove.isPending && remove.variables?.memoryId === memory.id}
            onSaved={refresh}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function MemoryRow({
  chatId,
  memory,
  onDelete,
  deleting,
  onSaved,
}: {
  chatId: string;
  memory: FanMemoryView;
  onDelete: () => void;
  deleting: boolean;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = trpc.admin.chats.memories.update.useMutation({
    onSuccess: () => {
      setDraft(null);
      onSaved();
    },
  });
  if (draft !== null) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ chatId, memoryId: memory.id, text: draft });
        }}
      >
        <Group gap="xs" align="flex-start">
          <TextInput
            aria-label="Memory"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
            error={update.error?.data?.fieldErrors?.text?.[0] ?? update.error?.message}
            maxLength={300}
          />
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </Group>
      </form>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" data-testid="admin-fan-memory-item">
      <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
        {memory.kind}
      </Badge>
      <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
        {memory.text}
      </Text>
      <ActionIcon variant="subtle" aria-label={`Edit "${memory.text}"`} onClick={() => setDraft(memory.text)}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete "${memory.text}"`} loading={deleting} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
