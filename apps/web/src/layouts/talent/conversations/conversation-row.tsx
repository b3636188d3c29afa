// One chat as the creator's lists show it (Conversations, the home's Today): its own module, so
// the home does not load the Conversations page's filters and search to show three rows.
import { type ConversationView, fanDisplayName } from '@doppel/validation';
import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { messageCountLabel, messagePreview } from '../../admin/chats/chat-format.ts';

// The light badges' own text colour is under 4.5:1 on their tint at this size (teal 4.3, orange
// 3.6, Lighthouse's contrast audit): their words are dark, the tint still tells them apart.
const markerText = 'dark.7';

/** Badges for what the list filters on. */
export function ConversationBadges({ chat }: { chat: ConversationView }) {
  return (
    <Group gap={4}>
      {chat.paying && (
        <Badge size="xs" color="teal" variant="light" c={markerText}>
          Paying
        </Badge>
      )}
      {chat.subscriber && (
        <Badge size="xs" color="grape" variant="light" c={markerText}>
          Subscriber
        </Badge>
      )}
      {chat.flagged && (
        <Badge size="xs" color="red" variant="light" c={markerText}>
          Flagged
        </Badge>
      )}
      {chat.thumbsDown && (
        <Badge size="xs" color="orange" variant="light" c={markerText}>
          Thumbs down
        </Badge>
      )}
      {chat.heldReplies > 0 && (
        <Badge size="xs" color="violet" variant="filled">
          {chat.heldReplies === 1 ? '1 reply to approve' : `${chat.heldReplies} replies to approve`}
        </Badge>
      )}
    </Group>
  );
}

/** One chat in a list: the fan, when they last wrote, the last message and the badges. */
export function ConversationRow({ chat, search = '' }: { chat: ConversationView; search?: string }) {
  const fan = fanDisplayName(chat.fan);
  return (
    <Card
      component={Link}
      to={`/conversations/${chat.id}`}
      state={{ listSearch: search }}
      padding="sm"
      radius="md"
      withBorder
      data-testid="conversation-row"
      aria-label={`Chat with ${fan}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" color="grape" name={fan} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={700} size="sm" truncate>
              {fan}
            </Text>
            <RelativeTime value={chat.updatedAt} size="xs" c="dimmed" style={{ flex: 'none' }} />
          </Group>
          {chat.lastMessage && (
            <Text size="sm" c="dimmed" truncate>
              {chat.lastMessage.senderType === 'TALENT' ? 'Twin: ' : ''}
              {messagePreview(chat.lastMessage)}
            </Text>
          )}
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {messageCountLabel(chat.chatMessageCount)}
            </Text>
            <ConversationBadges chat={chat} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
