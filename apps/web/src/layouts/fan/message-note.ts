// The small line under a message in the fan's messenger: what happened to it, or who wrote it.
import type { ChatMessageView } from '@doppel/validation';

type NotedMessage = Pick<ChatMessageView, 'senderType' | 'writtenByCreator' | 'reachOut' | 'spoken'> & {
  creditsReturned?: boolean;
};

/** "Mia", from "Mia Moreno": how the fan knows the creator. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * Fans are told the twin's messages are made by AI; a message the creator wrote in person (in a
 * takeover, or an edited held reply) says so, so the notice stays true (issue 26).
 */
export function messageNote(message: NotedMessage, twinName: string): string | undefined {
  if (message.creditsReturned) return `${twinName} won’t answer this one · credits returned`;
  if (message.senderType === 'TALENT' && message.writtenByCreator) return `Written by ${firstNameOf(twinName)}`;
  // The twin wrote first (docs/reach-out.md): the fan sees it was unasked, and that it cost nothing.
  if (message.senderType === 'TALENT' && message.reachOut) return `${firstNameOf(twinName)}’s twin reached out · free`;
  // The fan spoke it in a voice note; this is what the twin heard (docs/speech-to-text.md).
  if (message.senderType === 'USER' && message.spoken) return '🎤 Sent as a voice note';
  return undefined;
}
