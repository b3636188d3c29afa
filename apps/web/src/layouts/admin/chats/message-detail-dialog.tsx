import type { AdminChatPromptOutput } from '@doppel/validation';
import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { PromptTabs } from './prompt-tabs.tsx';

type MessageDetailDialogProps = {
  chatId: string;
  /** The message in the address (/chats/:chatId/:chatMessageId); null keeps the dialog closed. */
  messageId: string | null;
  twinName: string;
  onOpenMessage: (messageId: string) => void;
  onClose: () => void;
};

/** The message detail dialog (docs/product-rules.md#admin-back-office): the message, and the model's Input and Output tabs. */
export function MessageDetailDialog({ chatId, messageId, twinName, onOpenMessage, onClose }: MessageDetailDialogProps) {
  const detail = trpc.admin.chats.prompt.useQuery(
    { chatId, messageId: messageId ?? '' },
    { enabled: messageId !== null, staleTime: 60_000 },
  );
  return (
    <Modal opened={messageId !== null} onClose={onClose} title="Message details" size="xl" centered={false}>
      {detail.isError ? (
        <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} title="Could not load this message" />
      ) : !detail.data ? (
        <Stack gap="sm" role="status" aria-label="Loading the message">
          <Skeleton height={60} />
          <Skeleton height={36} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <DetailBody detail={detail.data} twinName={twinName} onOpenMessage={onOpenMessage} />
      )}
    </Modal>
  );
}

function DetailBody({
  detail,
  twinName,
  onOpenMessage,
}: {
  detail: AdminChatPromptOutput;
  twinName: string;
  onOpenMessage: (messageId: string) => void;
}) {
  const { message, prompt } = detail;
  const isTwin = message.senderType === 'TALENT';
  return (
    <Stack gap="md" data-testid="message-detail" data-message-id={message.id}>
      <Stack gap={6}>
        <Group gap={8}>
          <Badge size="sm" variant={isTwin ? 'light' : 'filled'} color={isTwin ? 'doppel' : 'gray'}>
            {isTwin ? twinName : 'Fan'}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
          {message.attachmentCount > 0 && (
            <Text size="xs" c="dimmed">
              {message.attachmentCount === 1 ? '1 attachment' : `${message.attachmentCount} attachments`}
            </Text>
          )}
        </Group>
        {message.text.trim() !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Text>
        )}
        {message.replyToMessageId && (
          <Button
            variant="subtle"
            size="compact-xs"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onOpenMessage(message.replyToMessageId as string)}
          >
            Open the fan’s message it answers
          </Button>
        )}
      </Stack>

      {prompt ? (
        <PromptTabs prompt={prompt} />
      ) : isTwin ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle />}
          title="No prompt record: this answer was sent without the model"
          data-testid="no-prompt-record"
        >
          Immediate answers (out of credits, a conversation starter’s fixed answer), welcome messages and broadcasts are sent as
          they are, so there is no Input or Output to show.
        </Alert>
      ) : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle />}
          title="No prompt record: this is the fan’s message"
          data-testid="no-prompt-record"
        >
          <Stack gap="xs">
            <Text size="sm">Prompts are recorded for the twin’s answers.</Text>
            {detail.replyMessageId ? (
              <Button
                size="xs"
                variant="light"
                rightSection={<IconArrowRight size={14} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => onOpenMessage(detail.replyMessageId as string)}
              >
                Open the twin’s reply
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                The twin has not answered this message (yet).
              </Text>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
