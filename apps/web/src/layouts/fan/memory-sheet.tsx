import { ActionIcon, Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useLive } from '../../live/use-live.ts';
import { trpc } from '../../trpc/trpc.ts';
import classes from './fan-chat.module.css';
import { RemindersSection } from './reminders-section.tsx';

/**
 * "What {twin} remembers about you": the reminders the fan asked for, still to come, then the notes
 * the twin keeps about this fan, each with a delete button, and "Forget everything" behind a confirm. A bottom sheet on phones, a side panel on wider
 * screens; a note the twin learns while it is open appears at once.
 */
export function MemorySheet({
  opened,
  onClose,
  chatId,
  twinName,
}: {
  opened: boolean;
  onClose: () => void;
  chatId: string;
  twinName: string;
}) {
  const wide = useMediaQuery('(min-width: 48em)');
  const utils = trpc.useUtils();
  const list = trpc.chat.memories.list.useQuery({ chatId }, { enabled: opened });
  const refresh = () => void utils.chat.memories.list.invalidate({ chatId });
  const forget = trpc.chat.memories.delete.useMutation({ onSettled: refresh });
  const forgetAll = trpc.chat.memories.clear.useMutation({ onSettled: refresh });
  const [confirming, setConfirming] = useState(false);
  useLive(opened ? [`chat:${chatId}`] : [], (event) => {
    if (event.data.entity === 'fan_memories' || event.data.entity === '*') refresh();
  });
  const memories = list.data?.memories ?? [];
  const close = () => {
    setConfirming(false);
    onClose();
  };

  return (
    <Drawer
      opened={opened}
      onClose={close}
      title={`What ${twinName} remembers about you`}
      position={wide ? 'right' : 'bottom'}
      size={wide ? 'md' : '70dvh'}
      classNames={{ content: wide ? undefined : classes.sheet }}
    >
      <Stack gap="sm" data-testid="memory-sheet">
        <RemindersSection chatId={chatId} opened={opened} />
        <Text fz="sm" c="dimmed">
          {twinName} uses these to remember you in your chats. Delete anything you would rather {twinName} forgot.
        </Text>
        {list.isPending && <Loader size="sm" aria-label="Loading memories" />}
        {list.error && <ErrorAlert error={list.error} />}
        {list.isSuccess && memories.length === 0 && (
          <Text fz="sm" data-testid="memory-empty">
            Nothing yet. Tell {twinName} about yourself and it shows up here.
          </Text>
        )}
        {memories.length > 0 && (
          <ul className={classes.memoryList} aria-label="Memories">
            {memories.map((memory) => (
              <li key={memory.id} className={classes.memoryItem}>
                <Text fz="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {memory.text}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  radius="xl"
                  aria-label={`Forget "${memory.text}"`}
                  loading={forget.isPending && forget.variables?.memoryId === memory.id}
                  onClick={() => forget.mutate({ chatId, memoryId: memory.id })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </li>
            ))}
          </ul>
        )}
        {memories.length > 0 &&
          (confirming ? (
            <Alert color="red" variant="light" title="Forget everything?">
              <Text fz="sm">{twinName} will no longer remember anything you told about yourself. Your messages stay.</Text>
              <Group mt="sm" gap="xs">
                <Button
                  color="red"
                  size="xs"
                  loading={forgetAll.isPending}
                  onClick={() => forgetAll.mutate({ chatId }, { onSuccess: () => setConfirming(false) })}
                >
                  Yes, forget everything
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          ) : (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
              Forget everything
            </Button>
          ))}
      </Stack>
    </Drawer>
  );
}
