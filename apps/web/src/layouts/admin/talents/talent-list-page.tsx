import {
  type AdminTalentConsentFilter,
  type AdminTalentListItem,
  type AdminTalentSort,
  adminTalentConsentFilters,
  adminTalentSearchMax,
  adminTalentSorts,
} from '@doppel/validation';
import { Avatar, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import { ListSearch } from '../../../kit/list-search.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { chatsLabel, talentEntities } from './talent-format.ts';

const listParams = {
  q: { text: true, maxLength: adminTalentSearchMax },
  sort: { options: adminTalentSorts, default: 'chats' },
  consent: { options: adminTalentConsentFilters, default: 'all' },
} as const;

const consentLabels: Record<AdminTalentConsentFilter, string> = { all: 'All', missing: 'Without consent' };

const sortLabels: Record<AdminTalentSort, string> = { chats: 'Chats', createdAt: 'Created At' };

/** /talents: every twin, searchable by name and sorted by chats or creation, 50 at a time (docs/product-rules.md#admin-back-office). */
export function TalentListPage() {
  const { values, set } = useListParams(listParams);
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.list.useInfiniteQuery(
    { search: values.q, sort: values.sort, consent: values.consent },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  useAdminLive(talentEntities, () => void utils.admin.talents.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="Talents"
        description="Every twin, searchable by name and sortable by chats."
        actions={
          <Button component={Link} to="/talents/create" leftSection={<IconPlus size={16} />}>
            Create talent
          </Button>
        }
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListSearch
            value={values.q}
            onChange={(q) => set({ q })}
            label="Search by name"
            placeholder="Name"
            maxLength={adminTalentSearchMax}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="talent-sort-label">
              Sort
            </Text>
            <SegmentedControl
              aria-labelledby="talent-sort-label"
              value={values.sort}
              onChange={(sort) => set({ sort: sort as AdminTalentSort })}
              data={adminTalentSorts.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="talent-consent-label">
              Consent
            </Text>
            <SegmentedControl
              aria-labelledby="talent-consent-label"
              value={values.consent}
              onChange={(consent) => set({ consent: consent as AdminTalentConsentFilter })}
              data={adminTalentConsentFilters.map((consent) => ({ value: consent, label: consentLabels[consent] }))}
            />
          </Stack>
        </Group>
      </AdminPageHeader>
      <AdminList
        query={query}
        label="Talents"
        empty={values.consent === 'missing' ? 'Every twin has its creator’s consent.' : 'No talent matches this search.'}
      >
        {(talents) => talents.map((talent) => <TalentRow key={talent.id} talent={talent} />)}
      </AdminList>
    </AdminPage>
  );
}

function TalentRow({ talent }: { talent: AdminTalentListItem }) {
  return (
    <Card
      component={Link}
      to={`/talents/${talent.id}`}
      padding="sm"
      radius="md"
      withBorder
      data-testid="talent-row"
      data-id={talent.id}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={pictureSrc(talent.profilePictureUrl)} name={talent.name} color="initials" radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={700} size="sm" truncate data-testid="talent-name">
                {talent.name}
              </Text>
              {talent.hasGalleryItems && (
                <HoverTooltip label="Has gallery images">
                  <span role="img" aria-label="Has gallery images">
                    📷
                  </span>
                </HoverTooltip>
              )}
              {talent.hasVoice && (
                <HoverTooltip label="Has a voice">
                  <span role="img" aria-label="Has a voice">
                    🎤
                  </span>
                </HoverTooltip>
              )}
            </Group>
            <Group gap={6} wrap="nowrap">
              <Text c="dimmed" size="xs" truncate>
                {talent.tag ? `@${talent.tag}` : 'No tag yet'}
              </Text>
              {!talent.consentConfirmedAt && (
                <Badge size="xs" color="orange" variant="light" data-testid="talent-consent-missing">
                  No consent
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
          <Text size="sm" fw={600} data-testid="talent-chat-count" data-count={talent.chatCount}>
            {chatsLabel(talent.chatCount)}
          </Text>
          {/* The row is the link: the date is not a second keyboard stop. */}
          <RelativeTime value={talent.createdAt} size="xs" c="dimmed" focusable={false} data-testid="talent-created-at" />
        </Stack>
      </Group>
    </Card>
  );
}
