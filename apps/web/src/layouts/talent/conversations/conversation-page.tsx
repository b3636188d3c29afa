import {
  type ConversationDetail,
  conversationMessageLimit,
  conversationMessageLimitMax,
  fanDisplayName,
} from '@doppel/validation';
import { Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBrain } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { useLiveInvalidate } from '../../../live/use-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { messageCountLabel } from '../../admin/chats/chat-format.ts';
import { useApprovalLive } from '../drafts/use-approval-live.ts';
import { useTalentContext } from '../talent-context.ts';
import { ConversationBadges } from './conversation-row.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { ReplyApprovalSelect } from './reply-approval-select.tsx';
import { TakeoverPanel } from './takeover-panel.tsx';

/** /conversations/:chatId: one chat in full, oldest message first like the fan reads it, live. */
export function ConversationPage() {
  const { talentId } = useTalentContext();
  const { chatId = '' } = useParams();
  const location = useLocation();
  // The list's filter and search, handed over by the list, so the way back keeps them.
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch;
  const backTo = listSearch ? `/conversations?${listSearch}` : '/conversations';
  const utils = trpc.useUtils();
  // The newest messages first; "Show older messages" asks for more of them (one list, kept live).
  // Kept per chat: opening another chat starts from its newest messages again.
  const [expanded, setExpanded] = useState({ chatId, messageLimit: conversationMessageLimit });
  const messageLimit = expanded.chatId === chatId ? expanded.messageLimit : conversationMessageLimit;
  const input = messageLimit === conversationMessageLimit ? { talentId, chatId } : { talentId, chatId, messageLimit };
  const query = trpc.talent.conversations.get.useQuery(input, {
    // While more messages load, the ones shown stay (never another chat's).
    placeholderData: (previous) => (previous?.chat.id === chatId ? previous : undefined),
  });
  const showOlder = () =>
    setExpanded({ chatId, messageLimit: Math.min(messageLimit + conversationMessageLimit, conversationMessageLimitMax) });
  const refresh = () => void utils.talent.conversations.get.invalidate({ talentId, chatId });
  useLiveInvalidate([`chat:${chatId}`], refresh, 300);
  // Drafts held or decided and corrections kept are announced on the twin's scope, not the chat's.
  useApprovalLive(talentId, refresh);

  const back = (
    <Anchor component={Link} to={backTo} size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
      <Group gap={4}>
        <IconArrowLeft size={16} />
        All conversations
      </Group>
    </Anchor>
  );
  if (query.isError) {
    return (
      <Stack>
        {back}
        {describeError(query.error).code === 'NOT_FOUND' ? (
          <ErrorPanel title="Chat not found" message="This chat does not exist, or it is not one of your twin’s." />
        ) : (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading conversation">
        {back}
        <Skeleton height={90} radius="lg" />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={60} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Header detail={query.data} />
      <ReplyApprovalSelect talentId={talentId} detail={query.data} />
      <Memory detail={query.data} />
      {query.data.olderMessageCount > 0 && (
        <Stack gap={4} align="center">
          <Text size="xs" c="dimmed" ta="center">
            {messageCountLabel(query.data.olderMessageCount)} before these
          </Text>
          {messageLimit < conversationMessageLimitMax && (
            <Button variant="light" size="xs" loading={query.isPlaceholderData} onClick={showOlder}>
              Show older messages
            </Button>
          )}
        </Stack>
      )}
      {query.data.messages.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">No messages in this chat yet.</Text>
        </Paper>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Messages"
          data-testid="conversation-messages"
        >
          {query.data.messages.map((message) => (
            <MessageBubble key={message.id} talentId={talentId} chatId={chatId} message={message} />
          ))}
        </Stack>
      )}
      <TakeoverPanel talentId={talentId} detail={query.data} />
    </Stack>
  );
}

function Header({ detail }: { detail: ConversationDetail }) {
  const fan = fanDisplayName(detail.chat.fan);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" color="grape" name={fan} size={44} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz={{ base: 20, sm: 24 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {fan}
          </Title>
          <ConversationBadges chat={detail.chat} />
          <Text size="xs" c="dimmed">
            {messageCountLabel(detail.chat.chatMessageCount)} · started {formatDateTime(detail.chat.createdAt)}
          </Text>
          <Text size="sm" data-testid="conversation-spent">
            Spent here: {detail.spent.paidCredits} paid and {detail.spent.freeCredits} free credits
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function Memory({ detail }: { detail: ConversationDetail }) {
  if (detail.memories.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="lg" aria-label="What your twin remembers">
      <Group gap={6} mb={6}>
        <IconBrain size={16} color="var(--mantine-color-grape-6)" />
        <Text size="sm" fw={600}>
          What your twin remembers
        </Text>
      </Group>
      <Stack gap={2}>
        {detail.memories.map((memory) => (
          <Text key={memory.id} size="sm">
            {memory.text}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
