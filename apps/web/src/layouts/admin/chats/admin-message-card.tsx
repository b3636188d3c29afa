import type { ChatAttachmentView, ChatMessageView } from '@doppel/validation';
import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconPhoto, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/format-date.ts';
import { attachmentSrc } from '../../../media/media-url.ts';

type AdminMessageCardProps = {
  message: ChatMessageView;
  twinName: string;
  imagesVisible: boolean;
  selected: boolean;
  /** Set when the twin refused this fan message (its text, or the model's reply to it, crossed a boundary). */
  boundaryFlag?: { side: string; reason: string } | undefined;
  onOpen: () => void;
};

/** One message of the admin view: sender, time, text, attachments, the fan's reaction. */
export function AdminMessageCard({ message, twinName, imagesVisible, selected, boundaryFlag, onOpen }: AdminMessageCardProps) {
  const isTwin = message.senderType === 'TALENT';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      data-testid="admin-chat-message"
      data-message-id={message.id}
      data-sender={message.senderType}
      bg={isTwin ? 'white' : 'var(--mantine-color-doppel-0)'}
      style={selected ? { outline: '2px solid var(--mantine-color-doppel-5)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={8}>
            <Badge size="sm" variant={isTwin ? 'light' : 'filled'} color={isTwin ? 'doppel' : 'gray'}>
              {isTwin ? twinName : 'Fan'}
            </Badge>
            <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt)}
            </Text>
            {message.writtenByCreator && (
              <Badge size="sm" color="yellow" variant="light" data-testid="admin-chat-written-by-creator">
                Written by the creator
              </Badge>
            )}
            {boundaryFlag &&
              (boundaryFlag.reason === 'CRISIS' ? (
                <Badge size="sm" color="red" variant="filled" data-testid="admin-chat-safety-flag">
                  Safety · suicide or self-harm
                </Badge>
              ) : (
                <Badge size="sm" color="red" variant="light" data-testid="admin-chat-boundary-flag">
                  Flagged · {boundaryFlag.side === 'TWIN' ? 'reply' : 'fan'} ·{' '}
                  {boundaryFlag.reason.toLowerCase().replace('_', ' ')}
                </Badge>
              ))}
            {message.safetyReply && (
              <Badge size="sm" color="blue" variant="light" data-testid="admin-chat-safety-reply">
                Safety reply, not the twin
              </Badge>
            )}
            {message.notice && (
              <Badge size="sm" color="gray" variant="light" data-testid="admin-chat-notice">
                {message.notice === 'BREAK_REMINDER' ? 'Break reminder' : 'AI reminder'}, not the twin
              </Badge>
            )}
          </Group>
          {message.text.trim() !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="admin-chat-message-text">
              {message.text}
            </Text>
          )}
          {message.attachments.length > 0 && (
            <Group gap="xs" align="flex-start">
              {message.attachments.map((attachment) => (
                <AdminAttachment key={attachment.id} attachment={attachment} visible={imagesVisible} twinName={twinName} />
              ))}
            </Group>
          )}
          {message.reaction && <ReactionNote reaction={message.reaction} feedback={message.reactionFeedback} />}
        </Stack>
        <Button size="compact-sm" variant="subtle" onClick={onOpen} style={{ flex: 'none' }}>
          Details
        </Button>
      </Group>
    </Paper>
  );
}

function AdminAttachment({
  attachment,
  visible,
  twinName,
}: {
  attachment: ChatAttachmentView;
  visible: boolean;
  twinName: string;
}) {
  const lockBadge = (
    <Badge size="xs" variant="light" color={attachment.isUnlocked ? 'teal' : 'gray'}>
      {attachment.isUnlocked ? 'Unlocked' : 'Locked for the fan'}
    </Badge>
  );
  if (attachment.type === 'AUDIO') {
    return (
      <Stack gap={4} data-testid="admin-chat-voice">
        {attachment.url ? (
          // biome-ignore lint/a11y/useMediaCaption: a voice note's words are the message text beside it.
          <audio controls preload="none" src={attachment.url} />
        ) : (
          <Text size="xs" c="dimmed">
            Voice note
          </Text>
        )}
        {lockBadge}
      </Stack>
    );
  }
  const ratio = attachment.width && attachment.height ? `${attachment.width} / ${attachment.height}` : '4 / 5';
  return (
    <Stack gap={4} data-testid="admin-chat-image" data-visible={visible}>
      {visible && attachment.url ? (
        <a href={attachmentSrc(attachment.url, true)} target="_blank" rel="noreferrer">
          <img
            src={attachmentSrc(attachment.url, true)}
            alt={`Sent by ${twinName}`}
            loading="lazy"
            style={{ display: 'block', width: 160, aspectRatio: ratio, objectFit: 'cover', borderRadius: 8 }}
          />
        </a>
      ) : (
        <Box
          w={160}
          style={{
            aspectRatio: ratio,
            borderRadius: 8,
            background: 'var(--mantine-color-gray-1)',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 4,
          }}
        >
          {visible ? <IconPhoto size={22} color="gray" /> : <IconEyeOff size={22} color="gray" />}
          <Text size="xs" c="dimmed">
            {visible ? 'Photo' : 'Image hidden'}
          </Text>
        </Box>
      )}
      {lockBadge}
    </Stack>
  );
}

function ReactionNote({ reaction, feedback }: { reaction: 'THUMBS_UP' | 'THUMBS_DOWN'; feedback: string | null }) {
  const up = reaction === 'THUMBS_UP';
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="admin-chat-reaction" data-reaction={reaction}>
      <Badge
        size="sm"
        variant="light"
        color={up ? 'teal' : 'red'}
        leftSection={up ? <IconThumbUp size={12} /> : <IconThumbDown size={12} />}
      >
        {up ? 'Good answer' : 'Bad answer'}
      </Badge>
      {feedback && (
        <Text size="xs" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          “{feedback}”
        </Text>
      )}
    </Group>
  );
}
