import type { ChatMessageView } from '@doppel/validation';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { legalPaths } from '../../config/links.ts';

/**
 * The crisis protocol's safety reply (docs/safety.md): sent by Doppel instead of the twin, so it
 * stands apart from the twin's bubbles, full width, with the crisis services as the server wrote
 * them for the fan's country. Free, and it takes no reaction.
 */
export function SafetyReplyCard({ message, twinName }: { message: ChatMessageView; twinName: string }) {
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconLifebuoy />}
      title={`From Doppel, not from ${twinName}’s AI`}
      my="xs"
      data-testid="chat-safety-reply"
      data-message-id={message.id}
      role="note"
    >
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-safety-reply-text">
        {message.text}
      </Text>
      <Text fz="xs" c="dimmed" mt="xs">
        This message was free.{' '}
        <Anchor component={Link} to={legalPaths.safety} inherit underline="always">
          How we handle this
        </Anchor>
      </Text>
    </Alert>
  );
}
