// Which messages the fan can rate with a thumb. Pure, unit-tested; the server's reactToMessage
// must refuse the same messages.
import type { ChatCallToAction, SenderType } from '@doppel/validation';

/**
 * Only the twin's replies take thumbs. A message that carries a call to action (sign in, buy
 * credits, subscribe) is the product's own prompt sent in the twin's voice, not an answer to rate.
 */
export function takesReactions(message: { senderType: SenderType; callToAction: ChatCallToAction | null }): boolean {
  return message.senderType === 'TALENT' && message.callToAction === null;
}
