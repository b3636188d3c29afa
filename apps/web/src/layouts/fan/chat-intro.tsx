import { Avatar, Text } from '@mantine/core';
import { pictureSrc } from '../../media/media-url.ts';
import { AiDisclosure } from './ai-disclosure.tsx';
import classes from './fan-chat.module.css';
import { creditsLabel } from './price-label.ts';

type ChatIntroProps = { name: string; pictureUrl: string | null; creditsToSendMessage: number; isSubscribed: boolean };

/** The start of the conversation: the twin's picture, name, that it is an AI, and what a message costs. */
export function ChatIntro({ name, pictureUrl, creditsToSendMessage, isSubscribed }: ChatIntroProps) {
  return (
    <div className={classes.intro}>
      <Avatar src={pictureSrc(pictureUrl)} name={name} color="initials" size={76} radius={999} alt="" />
      <Text fw={700} fz="lg" mt={6}>
        {name}
      </Text>
      <Text fz="sm" c="dimmed" data-testid="chat-intro-price">
        The AI twin of {name} ·{' '}
        {isSubscribed
          ? 'Messages free with your subscription'
          : creditsToSendMessage === 0
            ? 'Messages are free'
            : `${creditsLabel(creditsToSendMessage)} per message`}
      </Text>
      <AiDisclosure name={name} />
    </div>
  );
}
