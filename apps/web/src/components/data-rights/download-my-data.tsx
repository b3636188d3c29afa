import type { DataExport } from '@doppel/validation';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { trpc } from '../../trpc/trpc.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { formatDateTime } from '../format-date.ts';
import { LoadingPanel } from '../loading-panel.tsx';

const statusBadges: Record<DataExport['status'], { label: string; color: string }> = {
  REQUESTED: { label: 'Being prepared', color: 'blue' },
  READY: { label: 'Ready', color: 'green' },
  EXPIRED: { label: 'Expired', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
};

/** Refreshed every few seconds while a request is being prepared, so "Ready" shows up by itself. */
const pollWhilePreparingMs = 5000;

/**
 * "Download my data": asks the worker for a ZIP of everything kept about the person, shows where
 * the latest request stands and, once ready, its download (also emailed).
 */
export function DownloadMyData() {
  const utils = trpc.useUtils();
  const list = trpc.account.dataExports.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.exports[0]?.status === 'REQUESTED' ? pollWhilePreparingMs : false),
  });
  const request = trpc.account.requestDataExport.useMutation({ onSettled: () => void utils.account.dataExports.invalidate() });
  const latest = list.data?.exports[0];
  const canRequest = !latest || latest.status === 'EXPIRED' || latest.status === 'FAILED';

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconFileZip size={20} color="var(--mantine-color-grape-6)" />
          <Title order={3} fz="md">
            Download my data
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          A ZIP of your account, chats and messages, what twins remember about you and your purchases (and, for creators, your
          twin's settings, knowledge, earnings and payouts). We email you a link when it is ready; it works for 7 days, for you
          only.
        </Text>
        {list.isError ? (
          <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data === undefined ? (
          <LoadingPanel />
        ) : (
          latest && (
            <Group justify="space-between" wrap="wrap" gap="xs" data-testid="data-export-status">
              <div>
                <Badge color={statusBadges[latest.status].color} variant="light">
                  {statusBadges[latest.status].label}
                </Badge>
                <Text size="xs" c="dimmed" mt={4}>
                  Asked for {formatDateTime(latest.requestedAt)}
                  {latest.status === 'READY' && latest.expiresAt ? ` · until ${formatDateTime(latest.expiresAt)}` : ''}
                </Text>
              </div>
              {latest.downloadUrl && (
                <Button component="a" href={latest.downloadUrl} download leftSection={<IconDownload size={16} />} size="sm">
                  Download
                </Button>
              )}
            </Group>
          )
        )}
        {request.isError && <ErrorAlert error={request.error} title="Could not ask for your data" />}
        {canRequest && list.data !== undefined && (
          <Button
            variant="light"
            onClick={() => request.mutate()}
            loading={request.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {latest ? 'Ask for a new copy' : 'Ask for my data'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
