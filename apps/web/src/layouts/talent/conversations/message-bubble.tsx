import type { ConversationMessage } from '@doppel/validation';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/format-date.ts';
import { BasedOn } from './based-on.tsx';
import { canRewrite, RewriteReply } from './rewrite-reply.tsx';

/**
 * One message of the chat as the creator reads it: who wrote it, what it cost, the fan's reaction,
 * a boundary or safety flag, and under a twin reply the knowledge it was based on, the creator's own
 * answer and "Rewrite".
 */
export function MessageBubble({ talentId, chatId, message }: { talentId: string; chatId: string; message: ConversationMessage }) {
  const fromFan = message.senderType === 'USER';
  const spent = message.spentPaidCredits + message.spentFreeCredits;
  return (
    <li
      style={{ display: 'flex', flexDirection: 'column', gap: 4, alignItems: fromFan ? 'flex-start' : 'flex-end' }}
      data-testid="conversation-message"
    >
      <Paper
        p="sm"
        radius="lg"
        maw="85%"
        bg={fromFan ? 'white' : 'var(--mantine-color-grape-0)'}
        withBorder
        style={{ overflowWrap: 'anywhere' }}
      >
        <Text size="xs" c="dimmed" mb={2}>
          {fromFan
            ? 'Fan'
            : message.isSafetyReply
              ? 'Doppel’s safety reply, not your twin'
              : message.notice
                ? 'Doppel’s reminder to the fan, not your twin'
                : message.writtenByCreator
                  ? 'You, as your twin'
                  : 'Twin'}{' '}
          · {formatDateTime(message.createdAt)}
          {spent > 0 && ` · ${spent} ${spent === 1 ? 'credit' : 'credits'}`}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.text || (message.attachmentCount > 0 ? '(attachment only)' : '')}
        </Text>
        {message.attachmentCount > 0 && message.text && (
          <Text size="xs" c="dimmed">
            {message.attachmentCount === 1 ? '1 attachment' : `${message.attachmentCount} attachments`}
          </Text>
        )}
        {(message.reaction || message.boundaryFlag) && (
          <Group gap={6} mt={4}>
            {message.reaction === 'THUMBS_UP' && (
              <Badge size="sm" color="teal" variant="light" leftSection={<IconThumbUp size={12} />}>
                Thumbs up
              </Badge>
            )}
            {message.reaction === 'THUMBS_DOWN' && (
              <Badge size="sm" color="orange" variant="light" leftSection={<IconThumbDown size={12} />}>
                Thumbs down
              </Badge>
            )}
            {message.boundaryFlag &&
              (message.boundaryFlag.reason === 'CRISIS' ? (
                // The crisis protocol (docs/safety.md): the fan got crisis services, not the twin.
                <Badge size="sm" color="red" variant="filled" data-testid="conversation-safety-flag">
                  Safety: suicide or self-harm
                </Badge>
              ) : (
                <Badge size="sm" color="red" variant="light" title={message.boundaryFlag.matched}>
                  Boundary: {message.boundaryFlag.reason.toLowerCase().replace('_', ' ')}
                </Badge>
              ))}
          </Group>
        )}
        {message.reactionFeedback && (
          <Text size="xs" c="dimmed" fs="italic" mt={2}>
            “{message.reactionFeedback}”
          </Text>
        )}
      </Paper>
      <BasedOn passages={message.basedOn} />
      {canRewrite(message) && <RewriteReply talentId={talentId} chatId={chatId} message={message} />}
    </li>
  );
}
