import { type DiscoverEntryView, discoverSurfaceLabels, discoverSurfaces } from '@doppel/validation';
import { Avatar, Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { discoverEntities, surfaceEmoji } from './surfaces.ts';

/** /public-talents: the featured twins by order, with their surfaces and order (docs/product-rules.md#admin-back-office). */
export function DiscoverListPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.discover.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  useAdminLive(discoverEntities, () => void utils.admin.discover.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="Discover"
        description="Twins featured on the discover surfaces, in order."
        actions={
          <Button component={Link} to="/public-talents/create" leftSection={<IconPlus size={16} />}>
            Add talent
          </Button>
        }
      />
      <AdminList query={query} label="Discover entries" empty="No twin is on Discover yet.">
        {(entries) => entries.map((entry) => <DiscoverRow key={entry.id} entry={entry} />)}
      </AdminList>
    </AdminPage>
  );
}

function DiscoverRow({ entry }: { entry: DiscoverEntryView }) {
  const visible = discoverSurfaces.filter((surface) => entry.isVisibleRecord[surface]);
  return (
    <Card
      component={Link}
      to={`/public-talents/${entry.id}`}
      padding="sm"
      radius="md"
      withBorder
      data-testid="discover-row"
      data-id={entry.id}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={pictureSrc(entry.talent.profilePictureUrl)} name={entry.name} color="initials" radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" truncate>
              {entry.name}
            </Text>
            {entry.talent.tag && (
              <Text c="dimmed" size="xs" truncate>
                @{entry.talent.tag}
              </Text>
            )}
          </div>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
          <Group
            gap={2}
            aria-label={visible.length ? `Visible on ${visible.map((s) => discoverSurfaceLabels[s]).join(', ')}` : 'Hidden'}
          >
            {visible.length === 0 ? (
              <Text size="xs" c="dimmed">
                Hidden
              </Text>
            ) : (
              visible.map((surface) => (
                <HoverTooltip key={surface} label={discoverSurfaceLabels[surface]}>
                  <span role="img" aria-label={discoverSurfaceLabels[surface]}>
                    {surfaceEmoji[surface]}
                  </span>
                </HoverTooltip>
              ))
            )}
          </Group>
          <Badge variant="light" data-testid="discover-order" aria-label={`Order ${entry.order}`}>
            #{entry.order}
          </Badge>
        </Group>
      </Group>
    </Card>
  );
}
