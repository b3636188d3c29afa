import type { ChatMessageView } from '@doppel/validation';
import { Text } from '@mantine/core';
import { IconCoffee, IconInfoCircle } from '@tabler/icons-react';
import classes from './fan-chat.module.css';

/**
 * A reminder from Doppel, not from the twin (docs/safety.md, Reminders): the AI notice repeated
 * after three hours of conversation, or a known minor's break reminder. A centred system line like
 * the day separators, never a bubble: it takes no reaction and cost nothing.
 */
export function ChatNoticeLine({ message }: { message: ChatMessageView }) {
  const Icon = message.notice === 'BREAK_REMINDER' ? IconCoffee : IconInfoCircle;
  return (
    <div
      className={classes.systemLine}
      role="note"
      data-testid="chat-notice"
      data-notice={message.notice}
      data-message-id={message.id}
    >
      <Icon size={16} aria-hidden className={classes.systemLineIcon} />
      <Text fz="xs" c="dimmed" span>
        {message.text}
      </Text>
    </div>
  );
}
