import type { AdminBroadcastRow } from '@doppel/validation';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconBell, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router-dom';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { AdminTable } from '../../../kit/admin-table.tsx';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import { RowDateLink } from '../../../kit/row-date-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { broadcastEntities, broadcastPath, broadcastPercent, broadcastProgress } from './broadcast-format.ts';
import { BroadcastStatusBadge } from './broadcast-status-badge.tsx';

const columns: DataTableColumn<AdminBroadcastRow>[] = [
  {
    accessor: 'scheduledAt',
    title: 'Scheduled',
    render: (broadcast) => (
      <RowDateLink to={broadcastPath(broadcast.id)} at={broadcast.scheduledAt} testId="broadcast-scheduled-at" />
    ),
  },
  { accessor: 'status', title: 'Status', render: (broadcast) => <BroadcastStatusBadge status={broadcast.status} /> },
  {
    accessor: 'talent',
    title: 'Twin',
    render: ({ talent }) => (
      <Text size="sm" c={talent ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }} data-testid="broadcast-talent">
        {talent ? talent.name : 'All twins'}
      </Text>
    ),
  },
  {
    accessor: 'message',
    title: 'Message',
    render: (broadcast) => (
      <Group gap={6} wrap="nowrap" miw={200} maw={420}>
        {broadcast.hasPushNotification && (
          <HoverTooltip label="With a push notification">
            <IconBell size={16} aria-label="With a push notification" style={{ flex: 'none' }} />
          </HoverTooltip>
        )}
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="broadcast-message">
          {broadcast.message}
        </Text>
      </Group>
    ),
  },
  {
    accessor: 'sentMessageCount',
    title: 'Sent',
    render: (broadcast) => (
      <Stack gap={4} miw={110}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="broadcast-progress">
          {broadcastProgress(broadcast)}
        </Text>
        <Progress value={broadcastPercent(broadcast)} size="sm" aria-label="Sent of scheduled" />
      </Stack>
    ),
  },
];

/** /broadcasts: newest scheduled first with status and sent of scheduled, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function BroadcastListPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.broadcasts.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  useAdminLive(broadcastEntities, () => void utils.admin.broadcasts.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="Broadcasts"
        description="Messages the twins send to every fan in the audience at a scheduled time, newest first."
        actions={
          <Button component={Link} to="/broadcasts/create" leftSection={<IconPlus size={16} />}>
            Schedule broadcast
          </Button>
        }
      />
      <AdminList query={query} label="Broadcasts" empty="No broadcast yet. Schedule one to message every fan at once.">
        {(items) => (
          <AdminTable items={items} columns={columns} linkTo={(broadcast) => broadcastPath(broadcast.id)} label="Broadcasts" />
        )}
      </AdminList>
    </AdminPage>
  );
}
