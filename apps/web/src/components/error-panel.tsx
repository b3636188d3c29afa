import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { truncateMessage } from '../errors/truncate-message.ts';

type ErrorPanelProps = {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  fullScreen?: boolean;
};

/** A screen that could not load: the message (cut to 100 characters) and a Retry button. */
export function ErrorPanel({ title = 'We could not load this page', message, onRetry, retrying, fullScreen }: ErrorPanelProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} p="md">
      <Paper withBorder shadow="sm" p="xl" maw={420} w="100%" role="alert">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          <Title order={3}>{title}</Title>
          <Text c="dimmed">{truncateMessage(message)}</Text>
          {onRetry && (
            <Button leftSection={<IconRefresh size={18} />} onClick={onRetry} loading={retrying}>
              Retry
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
