import type { AdminModelHealthEntry } from '@doppel/validation';
import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { truncateMessage } from '../../../errors/truncate-message.ts';

/** One model: a green check or a red cross, its name, why it failed and when it was checked. */
export function ModelHealthRow({ entry }: { entry: AdminModelHealthEntry }) {
  const state = entry.healthy ? 'Healthy' : 'Unhealthy';
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="sm"
      data-testid="model-health-row"
      data-model={entry.model}
      data-healthy={entry.healthy}
      aria-label={`${entry.model}: ${state}`}
      role="listitem"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon
          color={entry.healthy ? 'teal' : 'red'}
          variant="light"
          radius="xl"
          size={32}
          role="img"
          aria-label={state}
          data-testid="model-health-state"
        >
          {entry.healthy ? <IconCheck size={20} /> : <IconX size={20} />}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="model-health-name">
              {entry.model}
            </Text>
            {entry.offline && (
              <Badge variant="light" color="gray" size="sm" data-testid="model-health-offline">
                Offline engine
              </Badge>
            )}
          </Group>
          {entry.error && (
            <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="model-health-error" title={entry.error}>
              {truncateMessage(entry.error)}
            </Text>
          )}
          {entry.checkedAt && (
            <Text size="xs" c="dimmed" data-testid="model-health-checked-at">
              Last check <RelativeTime value={entry.checkedAt} span inherit />
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
