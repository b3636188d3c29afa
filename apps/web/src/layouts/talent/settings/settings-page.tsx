import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { truncateMessage } from '../../../errors/truncate-message.ts';

/** The title block of a settings page. */
export function SettingsHeader({ title, description }: { title: string; description?: string }) {
  return (
    <div>
      <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      )}
    </div>
  );
}

type QueryLike<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A settings page: its title, then the loading panel, the error alert with Retry, or the content
 * once the twin's settings have loaded.
 */
export function SettingsPage<T>({
  title,
  description,
  query,
  children,
}: {
  title: string;
  description?: string;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Stack gap="lg">
      <SettingsHeader title={title} description={description} />
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <LoadingPanel />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

/** The card a settings form sits in, with its Save button and a message that fits no field. */
export function SettingsForm({
  onSubmit,
  saving,
  error,
  submitLabel = 'Save',
  children,
  footer,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  error?: string | null;
  submitLabel?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          {children}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {truncateMessage(error)}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            {footer ?? <span />}
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} />} miw={140}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
