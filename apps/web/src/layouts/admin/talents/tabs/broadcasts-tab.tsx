import type { AdminTalentBroadcast } from '@doppel/validation';
import { broadcastStatusLabels } from '@doppel/validation';
import { Card, Flex, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../components/format-date.ts';
import { AdminList } from '../../../../kit/admin-list.tsx';
import { useAdminLive } from '../../../../kit/use-admin-live.ts';
import { trpc } from '../../../../trpc/trpc.ts';
import { broadcastPath, broadcastProgress } from '../../broadcasts/broadcast-format.ts';
import { BroadcastStatusBadge } from '../../broadcasts/broadcast-status-badge.tsx';
import { broadcastsTabEntities } from './tab-format.ts';

/** The talent detail's Broadcast tab (docs/product-rules.md#admin-back-office): broadcasts to this twin's fans, latest scheduled first. */
export function TalentBroadcastsTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.broadcasts.useInfiniteQuery(
    { talentId },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  useAdminLive(broadcastsTabEntities, () => void utils.admin.talents.broadcasts.invalidate({ talentId }));

  return (
    <AdminList query={query} label="Broadcasts" empty="No broadcasts for this talent yet.">
      {(items) => items.map((broadcast) => <BroadcastRow key={broadcast.id} broadcast={broadcast} />)}
    </AdminList>
  );
}

function BroadcastRow({ broadcast }: { broadcast: AdminTalentBroadcast }) {
  return (
    <Card
      component={Link}
      to={broadcastPath(broadcast.id)}
      withBorder
      padding="sm"
      radius="md"
      aria-label={`Broadcast scheduled for ${formatDateTime(broadcast.scheduledAt)}, ${broadcastStatusLabels[broadcast.status]}`}
      data-testid="talent-broadcast-row"
      data-id={broadcast.id}
      data-status={broadcast.status}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <BroadcastStatusBadge status={broadcast.status} />
          <Text
            size="sm"
            lineClamp={2}
            title={broadcast.message}
            data-testid="broadcast-message"
            style={{ overflowWrap: 'anywhere' }}
          >
            {broadcast.message}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-start" style={{ flex: 'none' }}>
          <Text size="xs" c="dimmed">
            Scheduled for{' '}
            <time dateTime={broadcast.scheduledAt} data-testid="broadcast-scheduled-at">
              {formatDateTime(broadcast.scheduledAt)}
            </time>
          </Text>
          <Text size="sm" fw={600} data-testid="broadcast-progress">
            {broadcastProgress(broadcast)} sent
          </Text>
        </Stack>
      </Flex>
    </Card>
  );
}
