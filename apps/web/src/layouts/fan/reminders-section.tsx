import { ActionIcon, Stack, Text } from '@mantine/core';
import { IconBellX } from '@tabler/icons-react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { useLive } from '../../live/use-live.ts';
import { trpc } from '../../trpc/trpc.ts';
import classes from './fan-chat.module.css';

/**
 * The reminders the fan asked the twin for in this chat ("remind me tomorrow to …") that are still
 * to come, each with a cancel button (docs/reach-out.md#remind-me). Nothing shows while there are
 * none. Live: a reminder sent or cancelled elsewhere leaves the list.
 */
export function RemindersSection({ chatId, opened }: { chatId: string; opened: boolean }) {
  const utils = trpc.useUtils();
  const list = trpc.chat.reminders.list.useQuery({ chatId }, { enabled: opened });
  const refresh = () => void utils.chat.reminders.list.invalidate({ chatId });
  const cancel = trpc.chat.reminders.cancel.useMutation({ onSettled: refresh });
  useLive(opened ? [`chat:${chatId}`] : [], (event) => {
    const entity = event.data.entity;
    if (entity === 'fan_reminders' || entity === 'chat_messages' || entity === '*') refresh();
  });
  if (list.error) return <ErrorAlert error={list.error} title="Could not load your reminders" />;
  const reminders = list.data?.reminders ?? [];
  if (reminders.length === 0) return null;
  return (
    <Stack gap={4} data-testid="reminders-section">
      <Text fw={600} fz="sm">
        Reminders
      </Text>
      {cancel.error && <ErrorAlert error={cancel.error} title="Could not cancel the reminder" />}
      <ul className={classes.memoryList} aria-label="Reminders">
        {reminders.map((reminder) => (
          <li key={reminder.id} className={classes.memoryItem}>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {reminder.about}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDateTime(reminder.dueAt)}
              </Text>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              radius="xl"
              aria-label={`Cancel the reminder "${reminder.about}"`}
              loading={cancel.isPending && cancel.variables?.reminderId === reminder.id}
              onClick={() => cancel.mutate({ chatId, reminderId: reminder.id })}
            >
              <IconBellX size={18} />
            </ActionIcon>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
