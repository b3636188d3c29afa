import { type ConversationFilter, conversationFilters } from '@doppel/validation';
import { Chip, Group, Paper, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconMessageOff, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ListFooter } from '../../../kit/list-footer.tsx';
import { uniqueById } from '../../../kit/unique-by-id.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { useLiveInvalidate } from '../../../live/use-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { conversationsPageSize } from '../page-inputs.ts';
import { useTalentContext } from '../talent-context.ts';
import { conversationFilterLabels, conversationListParams } from './conversation-params.ts';
import { ConversationRow } from './conversation-row.tsx';

const pageSize = conversationsPageSize;

/** /conversations: the twin's chats, newest activity first, with filters and a search, live. */
export function ConversationsPage() {
  const { talentId } = useTalentContext();
  const { values, set: setView, search } = useListParams(conversationListParams);
  const { filter, q } = values;
  const [searchText, setSearchText] = useState(q);
  // The address (and the query) follow the typing once it pauses.
  const commitSearch = useDebouncedCallback((value: string) => setView({ q: value }), 350);

  const utils = trpc.useUtils();
  const query = trpc.talent.conversations.list.useInfiniteQuery(
    { talentId, filter, search: q || undefined, limit: pageSize },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  // Every message of the twin's chats arrives on its scope; a refetch re-reads the loaded pages.
  useLiveInvalidate([`talent:${talentId}`], () => void utils.talent.conversations.list.invalidate({ talentId }), 500);
  const items = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
          Conversations
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Your twin’s chats with fans, newest first. Open one to read it, take it over or correct a reply.
        </Text>
      </div>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Search in messages"
        aria-label="Search in messages"
        value={searchText}
        maxLength={100}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
      />
      <Chip.Group multiple={false} value={filter} onChange={(value) => setView({ filter: value as ConversationFilter })}>
        <Group gap={6} role="radiogroup" aria-label="Filter">
          {conversationFilters.map((option) => (
            <Chip key={option} value={option} size="sm" variant="light">
              {conversationFilterLabels[option]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading conversations">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={72} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyList filter={filter} search={q} />
      ) : (
        <Stack gap="xs" data-testid="conversation-list" aria-busy={query.isFetching}>
          {items.map((chat) => (
            <ConversationRow key={chat.id} chat={chat} search={search} />
          ))}
          <ListFooter query={query} mt="xs" />
        </Stack>
      )}
    </Stack>
  );
}

function EmptyList({ filter, search }: { filter: ConversationFilter; search: string }) {
  return (
    <Paper withBorder p="xl" ta="center" data-testid="conversations-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconMessageOff size={26} />
        </ThemeIcon>
        <Text fw={700}>No conversations here</Text>
        <Text c="dimmed" size="sm">
          {search
            ? `No chat has a message with “${search}”.`
            : filter === 'all'
              ? 'When fans chat with your twin, their conversations show here.'
              : `No chat matches “${conversationFilterLabels[filter]}”. Try another filter.`}
        </Text>
      </Stack>
    </Paper>
  );
}
