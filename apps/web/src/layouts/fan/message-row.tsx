import type { ChatAttachmentView } from '@doppel/validation';
import { ActionIcon, Avatar } from '@mantine/core';
import { IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { memo } from 'react';
import { HoverTooltip } from '../../kit/hover-tooltip.tsx';
import { pictureSrc } from '../../media/media-url.ts';
import { AttachmentView } from './attachment-view.tsx';
import { CallToAction, type CallToActionProps } from './call-to-action.tsx';
import classes from './fan-chat.module.css';

export type Reaction = 'THUMBS_UP' | 'THUMBS_DOWN';

type MessageRowProps = {
  id: string;
  /** Welcome messages open every chat; they are not part of the conversation. */
  /** `draft`: the twin's reply while it is being written (replaced by the stored message). */
  kind?: 'welcome' | 'message' | 'pending' | 'draft';
  side: 'fan' | 'twin';
  text: string;
  attachments: readonly ChatAttachmentView[];
  /** "09:05"; welcome messages have none. */
  time?: string;
  /** ISO time of the message, for the <time> element. */
  dateTime?: string;
  isFirstInGroup: boolean;
  isLastInGroup: boolean;
  twin: { name: string; pictureUrl: string | null };
  pending?: boolean;
  /** The twin's replies take reactions; welcome messages and out-of-credits prompts do not (see reaction-rule.ts). */
  takesReaction?: boolean;
  reaction?: Reaction | null;
  /** Handlers take the message's id, so one stable function serves every row (rows are memoised). */
  onReact?: (messageId: string, reaction: Reaction | null) => void;
  onUnlock?: (messageId: string, attachmentId: string) => void;
  /** The attachment being unlocked right now. */
  unlockingId?: string | null;
  /** The twin's out-of-credits answer offers the way forward (buy, subscribe, sign in). */
  callToAction?: CallToActionProps;
  /** A line under the bubble, e.g. that the message will not be answered and was refunded. */
  note?: string;
};

/**
 * One message: the twin's on the left beside their picture, the fan's on the right. Memoised: the
 * chat re-renders on every keystroke in the composer and every streamed word, and rows whose
 * message did not change skip that work.
 */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { id, side, text, attachments, time, isFirstInGroup, isLastInGroup, twin, pending, onReact, onUnlock } = props;
  const isTwin = side === 'twin';
  const rowClass = [classes.row, isFirstInGroup && classes.rowFirst, !isTwin && classes.rowFan].filter(Boolean).join(' ');
  const bubbleClass = [classes.bubble, isTwin ? classes.bubbleTwin : classes.bubbleFan, isLastInGroup && classes.tail]
    .filter(Boolean)
    .join(' ');
  const hasText = text.trim() !== '';

  return (
    <div
      className={`${rowClass}${pending ? ` ${classes.pending}` : ''}`}
      data-testid="chat-message"
      data-sender={isTwin ? 'TALENT' : 'USER'}
      data-message-id={props.id}
      data-kind={props.kind ?? 'message'}
    >
      {isTwin && (
        <div className={classes.avatarSlot}>
          {isLastInGroup && (
            <Avatar src={pictureSrc(twin.pictureUrl)} name={twin.name} color="initials" size={30} radius="xl" alt="" />
          )}
        </div>
      )}
      <div className={`${classes.column} ${isTwin ? classes.columnTwin : classes.columnFan}`}>
        {attachments.map((attachment) => (
          <AttachmentView
            key={attachment.id}
            attachment={attachment}
            twinName={twin.name}
            onUnlock={onUnlock ? () => onUnlock(id, attachment.id) : undefined}
            unlocking={props.unlockingId === attachment.id}
          />
        ))}
        {hasText && (
          <div className={bubbleClass}>
            <span data-testid="chat-message-text">{text}</span>
            {time && (
              <time className={classes.time} dateTime={props.dateTime}>
                {pending ? 'Sending…' : time}
              </time>
            )}
          </div>
        )}
        {!hasText && time && (
          <time className={`${classes.time} ${classes.timeAlone}`} dateTime={props.dateTime}>
            {time}
          </time>
        )}
        {props.note && <span className={classes.note}>{props.note}</span>}
        {props.callToAction && <CallToAction {...props.callToAction} />}
      </div>
      {props.takesReaction && onReact && (
        <div className={classes.reactions} data-chosen={(props.reaction ?? null) !== null}>
          <Reactions value={props.reaction ?? null} onChange={(reaction) => onReact(id, reaction)} />
        </div>
      )}
    </div>
  );
});

function Reactions({ value, onChange }: { value: Reaction | null; onChange: (reaction: Reaction | null) => void }) {
  return (
    <>
      <ReactionButton reaction="THUMBS_UP" value={value} onChange={onChange} />
      <ReactionButton reaction="THUMBS_DOWN" value={value} onChange={onChange} />
    </>
  );
}

const reactionLooks = {
  THUMBS_UP: { label: 'Good answer', color: 'doppel', Icon: IconThumbUp, PressedIcon: IconThumbUpFilled },
  THUMBS_DOWN: { label: 'Bad answer', color: 'red', Icon: IconThumbDown, PressedIcon: IconThumbDownFilled },
} as const;

/** One thumb: pressing it again takes the reaction back. */
function ReactionButton({
  reaction,
  value,
  onChange,
}: {
  reaction: Reaction;
  value: Reaction | null;
  onChange: (reaction: Reaction | null) => void;
}) {
  const { label, color, Icon, PressedIcon } = reactionLooks[reaction];
  const pressed = value === reaction;
  return (
    <HoverTooltip label={label} openDelay={400}>
      <ActionIcon
        variant="subtle"
        color={pressed ? color : 'gray'}
        size="sm"
        radius="xl"
        aria-label={label}
        aria-pressed={pressed}
        onClick={() => onChange(pressed ? null : reaction)}
      >
        {pressed ? <PressedIcon size={15} /> : <Icon size={15} />}
      </ActionIcon>
    </HoverTooltip>
  );
}
