import { Avatar } from '@mantine/core';
import { pictureSrc } from '../../media/media-url.ts';
import classes from './fan-chat.module.css';

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
