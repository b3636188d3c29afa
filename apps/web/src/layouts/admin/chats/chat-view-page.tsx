import type { AdminChatView } from '@doppel/validation';
import { Anchor, Avatar, Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { uniqueById } from '../../../kit/unique-by-id.ts';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { AdminMessageCard } from './admin-message-card.tsx';
import { ChatFlagBadges } from './chat-flag-badges.tsx';
import { chatEntities, fanLabel, messageCountLabel } from './chat-format.ts';
import { FanMemoryPanel } from './fan-memory-panel.tsx';
import { MessageDetailDialog } from './message-detail-dialog.tsx';
import { useChatImagesVisible } from './use-chat-images-visible.ts';

/** /chats/:chatId (and /:chatMessageId with the detail dialog): one chat, newest message first. */
export function ChatViewPage() {
  const { chatId = '', chatMessageId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The list's filter and sort, handed over by the list, so the way back keeps them.
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch;
  const backTo = listSearch ? `/chats?${listSearch}` : '/chats';

  const utils = trpc.useUtils();
  const chat = trpc.admin.chats.get.useQuery({ chatId });
  const messages = trpc.chat.messages.useInfiniteQuery(
    { chatId },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 30_000, enabled: chat.isSuccess },
  );
  // Fan messages the twin refused (a crossed boundary): a badge on each.
  const boundaryFlags = trpc.admin.boundaries.chatFlags.useQuery({ chatId }, { enabled: chat.isSuccess });
  const flagsByMessage = useMemo(
    () => new Map((boundaryFlags.data?.flags ?? []).map((flag) => [flag.messageId, flag])),
    [boundaryFlags.data],
  );
  useAdminLive(
    chatEntities,
    () => {
      void utils.admin.chats.get.invalidate({ chatId });
      void utils.admin.boundaries.chatFlags.invalidate({ chatId });
      void utils.chat.messages.invalidate({ chatId });
      void utils.admin.chats.prompt.invalidate({ chatId });
    },
    300,
    [`chat:${chatId}`],
  );
  const [imagesVisible, setImagesVisible] = useChatImagesVisible();

  const items = useMemo(() => uniqueById(messages.data?.pages ?? []), [messages.data]);

  // Keeps the list's state (filter, sort) across opening and closing a message.
  const openMessage = (messageId: string | null) =>
    navigate(messageId ? `/chats/${chatId}/${messageId}` : `/chats/${chatId}`, { state: location.state });

  if (chat.isError) {
    const notFound = describeError(chat.error).code === 'NOT_FOUND';
    return (
      <Stack maw={900}>
        <BackLink to={backTo} />
        {notFound ? (
          <ErrorPanel title="Chat not found" message="This chat does not exist (any more)." />
        ) : (
          <ErrorAlert error={chat.error} onRetry={() => void chat.refetch()} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={900}>
      <BackLink to={backTo} />
      {chat.data ? (
        <ChatHeader chat={chat.data} imagesVisible={imagesVisible} onImagesVisible={setImagesVisible} />
      ) : (
        <Skeleton height={140} radius="lg" />
      )}
      {chat.data && <FanMemoryPanel chatId={chatId} />}
      {chat.data && <HistoryCard entity="chat" entityId={chatId} />}

      {messages.isError ? (
        <ErrorAlert error={messages.error} onRetry={() => void messages.refetch()} />
      ) : !chat.data || messages.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading messages">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={88} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">No messages in this chat yet.</Text>
        </Paper>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages, newest first">
          {items.map((message) => (
            <AdminMessageCard
              key={message.id}
              message={message}
              twinName={chat.data.talent.name}
              imagesVisible={imagesVisible}
              selected={message.id === chatMessageId}
              boundaryFlag={flagsByMessage.get(message.id)}
              onOpen={() => openMessage(message.id)}
            />
          ))}
          {messages.hasNextPage && (
            <Button
              variant="default"
              mx="auto"
              mt="xs"
              onClick={() => void messages.fetchNextPage()}
              loading={messages.isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}

      <MessageDetailDialog
        chatId={chatId}
        messageId={chatMessageId ?? null}
        twinName={chat.data?.talent.name ?? 'Twin'}
        onOpenMessage={(messageId) => openMessage(messageId)}
        onClose={() => openMessage(null)}
      />
    </Stack>
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
      <Group gap={4}>
        <IconArrowLeft size={16} />
        All chats
      </Group>
    </Anchor>
  );
}

type ChatHeaderProps = { chat: AdminChatView; imagesVisible: boolean; onImagesVisible: (visible: boolean) => void };

function ChatHeader({ chat, imagesVisible, onImagesVisible }: ChatHeaderProps) {
  const fan = fanLabel(chat.fan);
  return (
    <Paper withBorder p="lg" shadow="xs" data-testid="admin-chat-header">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar
              src={pictureSrc(chat.talent.profilePictureUrl)}
              name={chat.talent.name}
              color="initials"
              size={48}
              radius="xl"
            />
            <div style={{ minWidth: 0 }}>
              <Title order={2} fz={22} lh={1.25}>
                <Anchor component={Link} to={`/talents/${chat.talent.id}`} inherit c="inherit">
                  {chat.talent.name}
                </Anchor>
                {chat.talent.tag && (
                  <Text span c="dimmed" fz="md" fw={400}>
                    {' '}
                    @{chat.talent.tag}
                  </Text>
                )}
              </Title>
              <Group gap={6}>
                <Text size="sm">
                  with{' '}
                  <Anchor component={Link} to={`/users/${chat.fan.id}`} fw={600} data-testid="admin-chat-header-fan">
                    {fan}
                  </Anchor>
                </Text>
                {chat.fan.email && chat.fan.name.trim() && (
                  <Text size="sm" c="dimmed">
                    {chat.fan.email}
                  </Text>
                )}
                {chat.fan.isAnonymous && (
                  <Badge size="xs" variant="outline" color="gray">
                    Anonymous
                  </Badge>
                )}
              </Group>
            </div>
          </Group>
          <Switch
            label="Show images"
            checked={imagesVisible}
            onChange={(event) => onImagesVisible(event.currentTarget.checked)}
          />
        </Group>
        <ChatFlagBadges flags={chat.flags} />
        <Text size="xs" c="dimmed">
          {messageCountLabel(chat.chatMessageCount)} · started {formatDateTime(chat.createdAt)} · updated{' '}
          {formatDateTime(chat.updatedAt)}
        </Text>
      </Stack>
    </Paper>
  );
}
