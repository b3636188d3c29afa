import type { AdminChatFilter, AdminChatSort, AdminChatView } from '@doppel/validation';
import { adminChatFilters, adminChatSorts } from '@doppel/validation';
import {
  Avatar,
  Button,
  Card,
  Chip,
  Flex,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLifebuoy, IconMessageOff, IconMessages } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { ListFooter } from '../../../kit/list-footer.tsx';
import { uniqueById } from '../../../kit/unique-by-id.ts';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { ChatFlagBadges } from './chat-flag-badges.tsx';
import { chatEntities, fanLabel, messageCountLabel, messagePreview } from './chat-format.ts';
import { chatFilterLabels, chatListParams, chatSortLabels } from './chat-list-params.ts';

/** /chats: every chat for one filter and sort, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function ChatListPage() {
  const { values, set: setView, search } = useListParams(chatListParams);
  const { filter, sort } = values;

  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const utils = trpc.useUtils();
  const query = trpc.admin.chats.list.useInfiniteQuery(
    { filter, sort },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 30_000 },
  );
  // A refetch re-reads the loaded pages; keyset cursors keep them from overlapping.
  useAdminLive(chatEntities, () => void utils.admin.chats.list.invalidate(), 500);
  const chats = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);

  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p="lg" shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="sm">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconMessages size={22} />
              </ThemeIcon>
              <div>
                <Title order={2}>Chats</Title>
                <Text c="dimmed" size="sm">
                  Conversations between fans and twins.
                </Text>
              </div>
            </Group>
            {/* Crisis referrals per month (docs/safety.md), beside the Safety filter it counts. */}
            <Button component={Link} to="/chats/safety-report" variant="light" size="xs" leftSection={<IconLifebuoy size={16} />}>
              Safety report
            </Button>
          </Group>
          <Chip.Group multiple={false} value={filter} onChange={(value) => setView({ filter: value as AdminChatFilter, sort })}>
            <Group gap={6} role="radiogroup" aria-label="Filter">
              {adminChatFilters.map((option) => (
                <Chip key={option} value={option} size="sm" variant="light">
                  {chatFilterLabels[option]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Stack gap={4}>
            <Text size="sm" fw={600} id="chat-sort-label">
              Sort
            </Text>
            <SegmentedControl
              aria-labelledby="chat-sort-label"
              size={isPhone ? 'xs' : 'sm'}
              fullWidth
              maw={420}
              value={sort}
              onChange={(value) => setView({ filter, sort: value as AdminChatSort })}
              data={adminChatSorts.map((option) => ({ value: option, label: chatSortLabels[option] }))}
            />
          </Stack>
        </Stack>
      </Paper>

      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <ListSkeleton />
      ) : chats.length === 0 ? (
        <EmptyList filter={filter} />
      ) : (
        <Stack gap="xs" data-testid="admin-chat-list" aria-busy={query.isFetching}>
          {chats.map((chat) => (
            <ChatRow key={chat.id} chat={chat} search={search} isPhone={isPhone} />
          ))}
          <ListFooter query={query} mt="xs" />
        </Stack>
      )}
    </Stack>
  );
}

function ChatRow({ chat, search, isPhone }: { chat: AdminChatView; search: string; isPhone: boolean }) {
  const fan = fanLabel(chat.fan);
  return (
    <Card
      component={Link}
      to={`/chats/${chat.id}`}
      state={{ listSearch: search }}
      padding="md"
      radius="md"
      data-testid="admin-chat-row"
      data-chat-id={chat.id}
      data-message-count={chat.chatMessageCount}
      aria-label={`Chat of ${fan} with ${chat.talent.name}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
        gap="sm"
      >
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <Avatar src={pictureSrc(chat.talent.profilePictureUrl)} name={chat.talent.name} color="initials" radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" truncate>
              {chat.talent.name}
              {chat.talent.tag && (
                <Text span c="dimmed" fw={400} size="sm">
                  {' '}
                  @{chat.talent.tag}
                </Text>
              )}
            </Text>
            <Text size="sm" truncate data-testid="admin-chat-fan">
              {fan}
              {chat.fan.email && chat.fan.name.trim() && (
                <Text span c="dimmed" size="xs">
                  {' '}
                  {chat.fan.email}
                </Text>
              )}
            </Text>
            {chat.lastMessage && (
              <Text size="xs" c="dimmed" truncate mt={2}>
                {chat.lastMessage.senderType === 'TALENT' ? `${chat.talent.name}: ` : 'Fan: '}
                {messagePreview(chat.lastMessage)}
              </Text>
            )}
          </div>
        </Group>
        <Stack gap={4} align={isPhone ? 'flex-start' : 'flex-end'} pl={isPhone ? 52 : 0} style={{ flex: 'none' }}>
          <Text size="sm" fw={600} data-testid="admin-chat-count">
            {messageCountLabel(chat.chatMessageCount)}
          </Text>
          <Text size="xs" c="dimmed">
            {/* The row is the link: the date is not a second keyboard stop. */}
            Updated <RelativeTime value={chat.updatedAt} span inherit focusable={false} />
          </Text>
          <ChatFlagBadges flags={chat.flags} size="xs" />
        </Stack>
      </Flex>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading chats">
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={76} radius="md" />
      ))}
    </Stack>
  );
}

function EmptyList({ filter }: { filter: AdminChatFilter }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconMessageOff size={26} />
        </ThemeIcon>
        <Text fw={700}>No chats here yet</Text>
        <Text c="dimmed" size="sm">
          No chat matches “{chatFilterLabels[filter]}”. Try another filter.
        </Text>
      </Stack>
    </Paper>
  );
}
