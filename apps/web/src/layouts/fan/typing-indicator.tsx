import { Avatar, Text } from '@mantine/core';
import { pictureSrc } from '../../media/media-url.ts';
import classes from './fan-chat.module.css';
import { firstNameOf } from './message-note.ts';

/** Three bouncing dots beside the twin's picture while the reply is being written. */
export function TypingIndicator({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  return (
    <div
      className={`${classes.row} ${classes.rowFirst}`}
      role="status"
      aria-label={`${name} is typing`}
      data-testid="typing-indicator"
    >
      <div className={classes.avatarSlot}>
        <Avatar src={pictureSrc(pictureUrl)} name={name} color="initials" size={30} radius="xl" alt="" />
      </div>
      <div className={classes.typing} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

/** While the reply waits on the creator (a takeover, or a reply held for approval): nobody is typing yet. */
export function AnswerSoonNotice({ name }: { name: string }) {
  return (
    <Text size="sm" c="dimmed" ta="center" my="xs" role="status" data-testid="answer-soon">
      {firstNameOf(name)} will answer soon
    </Text>
  );
}
