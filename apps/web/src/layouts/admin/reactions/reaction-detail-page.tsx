import type { AdminReactionGetOutput } from '@doppel/validation';
import { Alert, Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { AdminMessageCard } from '../chats/admin-message-card.tsx';
import { fanLabel } from '../chats/chat-format.ts';
import { PromptTabs } from '../chats/prompt-tabs.tsx';
import { useChatImagesVisible } from '../chats/use-chat-images-visible.ts';
import { reactionEmoji, reactionEntities, reactionLabels } from './reaction-format.ts';

/**
 * /reactions/{chatId}/{chatMessageId}: the rated message highlighted among the messages around it,
 * the fan's feedback, and the prompt that produced it (docs/product-rules.md#admin-back-office).
 */
export function ReactionDetailPage() {
  const { chatId = '', chatMessageId = '' } = useParams();
  const location = useLocation();
  // The list's filter, handed over by the list, so the way back keeps it.
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch;
  const utils = trpc.useUtils();
  const detail = trpc.admin.reactions.get.useQuery({ chatId, messageId: chatMessageId });
  useAdminLive(reactionEntities, () => void utils.admin.reactions.get.invalidate({ chatId, messageId: chatMessageId }), 300, [
    `chat:${chatId}`,
  ]);

  return (
    <AdminPage>
      <AdminPageHeader
        title="Reaction"
        description={detail.data ? <ChatLine detail={detail.data} /> : undefined}
        backTo={listSearch ? `/reactions?${listSearch}` : '/reactions'}
        actions={
          <Button
            component={Link}
            to={`/chats/${encodeURIComponent(chatId)}/${encodeURIComponent(chatMessageId)}`}
            variant="light"
            leftSection={<IconExternalLink size={16} />}
          >
            Open chat
          </Button>
        }
      />
      {detail.isError ? (
        describeError(detail.error).code === 'NOT_FOUND' ? (
          <ErrorPanel title="Message not found" message="This message does not exist in this chat (any more)." />
        ) : (
          <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
        )
      ) : detail.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading the reaction">
          <Skeleton height={90} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      ) : (
        <ReactionBody detail={detail.data} />
      )}
    </AdminPage>
  );
}

function ChatLine({ detail }: { detail: AdminReactionGetOutput }) {
  const { talent, fan } = detail.chat;
  return (
    <Group gap={6} component="span">
      <Avatar src={pictureSrc(talent.profilePictureUrl)} name={talent.name} color="initials" size={20} />
      <Anchor component={Link} to={`/talents/${talent.id}`} inherit fw={600} data-testid="reaction-detail-twin">
        {talent.name}
      </Anchor>
      <span>with</span>
      <Anchor component={Link} to={`/users/${fan.id}`} inherit fw={600} data-testid="reaction-detail-fan">
        {fanLabel(fan)}
      </Anchor>
    </Group>
  );
}

function ReactionBody({ detail }: { detail: AdminReactionGetOutput }) {
  const navigate = useNavigate();
  const [imagesVisible, setImagesVisible] = useChatImagesVisible();
  const { message, prompt, chat } = detail;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" data-testid="reaction-feedback-panel" data-reaction={message.reaction ?? 'none'}>
        {message.reaction ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Text fz={30} lh={1} role="img" aria-label={reactionLabels[message.reaction]}>
              {reactionEmoji[message.reaction]}
            </Text>
            <Stack gap={2}>
              <Text fw={700}>{reactionLabels[message.reaction]}</Text>
              <Text size="sm" c={message.reactionFeedback ? undefined : 'dimmed'} data-testid="reaction-detail-feedback">
                {message.reactionFeedback ? `“${message.reactionFeedback}”` : 'The fan left no feedback.'}
              </Text>
              <Text size="xs" c="dimmed">
                On a message sent {formatDateTime(message.createdAt)}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text c="dimmed">The fan has cleared this reaction.</Text>
        )}
      </Paper>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3}>In the chat</Title>
          <Switch
            label="Show images"
            checked={imagesVisible}
            onChange={(event) => setImagesVisible(event.currentTarget.checked)}
          />
        </Group>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages around it, oldest first">
          {detail.context.map((item) => (
            <AdminMessageCard
              key={item.id}
              message={item}
              twinName={chat.talent.name}
              imagesVisible={imagesVisible}
              selected={item.id === message.id}
              onOpen={() => navigate(`/chats/${encodeURIComponent(chat.id)}/${encodeURIComponent(item.id)}`)}
            />
          ))}
        </Stack>
      </Stack>

      <Stack gap="xs">
        <Title order={3}>Prompt log</Title>
        {prompt ? (
          <Paper withBorder p="md">
            <PromptTabs prompt={prompt} />
          </Paper>
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle />} title="No prompt record" data-testid="no-prompt-record">
            This answer was sent without the model (a fixed answer, a welcome message or a broadcast), so there is no Input or
            Output to show.
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
