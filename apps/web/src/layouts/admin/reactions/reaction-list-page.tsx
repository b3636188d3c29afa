import type { AdminReactionFilter, AdminReactionView } from '@doppel/validation';
import { adminReactionFilters } from '@doppel/validation';
import { Avatar, Card, Flex, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { fanLabel, messagePreview } from '../chats/chat-format.ts';
import {
  reactionEmoji,
  reactionEntities,
  reactionFilterLabels,
  reactionLabels,
  reactionListParams,
  reactionPath,
} from './reaction-format.ts';

const emptyText: Record<AdminReactionFilter, string> = {
  THUMBS_DOWN: 'No twin answer has a thumbs down.',
  THUMBS_UP: 'No twin answer has a thumbs up yet.',
  all: 'No fan has rated a twin answer yet.',
};

/** /reactions: rated twin messages, newest first, thumbs down by default, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function ReactionListPage() {
  const { values, set, search } = useListParams(reactionListParams);
  const { filter } = values;
  const utils = trpc.useUtils();
  const query = trpc.admin.reactions.list.useInfiniteQuery(
    { filter },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 30_000 },
  );
  useAdminLive(reactionEntities, () => void utils.admin.reactions.list.invalidate(), 500);

  return (
    <AdminPage>
      <AdminPageHeader title="Reactions" description="Thumbs up and thumbs down fans gave to twin answers, newest first.">
        <SegmentedControl
          aria-label="Reaction"
          fullWidth
          maw={420}
          value={filter}
          onChange={(value) => set({ filter: value as AdminReactionFilter })}
          data={adminReactionFilters.map((option) => ({ value: option, label: reactionFilterLabels[option] }))}
        />
      </AdminPageHeader>
      <AdminList query={query} label="Reactions" empty={emptyText[filter]}>
        {(items) => items.map((item) => <ReactionRow key={item.id} item={item} search={search} />)}
      </AdminList>
    </AdminPage>
  );
}

function ReactionRow({ item, search }: { item: AdminReactionView; search: string }) {
  const fan = fanLabel(item.fan);
  return (
    <Card
      component={Link}
      to={reactionPath(item.chatId, item.id)}
      state={{ listSearch: search }}
      padding="md"
      radius="md"
      withBorder
      data-testid="reaction-row"
      data-id={item.id}
      data-reaction={item.reaction}
      aria-label={`${reactionLabels[item.reaction]} from ${fan} on ${item.talent.name}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          <Text fz={26} lh={1} role="img" aria-label={reactionLabels[item.reaction]} style={{ flex: 'none' }}>
            {reactionEmoji[item.reaction]}
          </Text>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="reaction-text">
              {messagePreview(item)}
            </Text>
            {item.reactionFeedback ? (
              <Text size="sm" c="dimmed" fs="italic" lineClamp={2} data-testid="reaction-feedback">
                “{item.reactionFeedback}”
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                No feedback
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={4} align="flex-start" style={{ flex: 'none' }} maw={{ sm: 260 }}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={pictureSrc(item.talent.profilePictureUrl)} name={item.talent.name} color="initials" size={22} />
            <Text size="sm" fw={600} truncate data-testid="reaction-twin">
              {item.talent.name}
            </Text>
          </Group>
          <Text size="xs" truncate data-testid="reaction-fan">
            by {fan}
          </Text>
          {/* The row is the link: the date is not a second keyboard stop. */}
          <RelativeTime value={item.createdAt} size="xs" c="dimmed" focusable={false} />
        </Stack>
      </Flex>
    </Card>
  );
}
