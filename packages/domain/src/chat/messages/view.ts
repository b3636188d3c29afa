import type { chatMessages, MessageAttachment } from '@doppel/db';
import type { ChatAttachmentView, ChatMessageView } from '@doppel/validation';
import { type UnlockPrices, unlockPrice } from '../unlock/prices.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** What shaping attachments needs to know about the reader and the talent. */
export type AttachmentViewContext = UnlockPrices & {
  /** Whether the chat's fan already unlocked (or was given) an image: the first-image price is spent. */
  hasUnlockedImage: boolean;
  /** Managers and admins get a link to every original, voice notes included. */
  seesOriginals: boolean;
};

/** The access-checked route of a chat message's attachment; the route picks original or locked copy. */
export function messageMediaUrl(messageId: string, attachmentId: string): string {
  return `/media/${messageId}/${attachmentId}`;
}

/** The route of a welcome-message image: `{welcomeMessageId}.{index}` names it. */
export function staticMediaUrl(talentId: string, welcomeMessageId: string, index: number): string {
  return `/media/static/${talentId}/${welcomeMessageId}.${index}`;
}

export function toAttachmentView(
  attachment: MessageAttachment,
  id: string,
  url: string,
  context: AttachmentViewContext,
): ChatAttachmentView {
  const base = {
    id,
    type: attachment.type,
    isUnlocked: attachment.isUnlocked,
    price: attachment.isUnlocked ? 0 : unlockPrice(attachment.type, context, context.hasUnlockedImage),
  };
  if (attachment.type === 'IMAGE') {
    return { ...base, url, width: attachment.dimensions.width, height: attachment.dimensions.height };
  }
  // A locked voice note has no locked copy: nothing to play until it is unlocked.
  return { ...base, url: attachment.isUnlocked || context.seesOriginals ? url : null };
}

export function toMessageView(message: ChatMessageRow, context: AttachmentViewContext): ChatMessageView {
  return {
    id: message.id,
    senderType: message.senderType,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
    attachments: message.attachments.map((attachment, index) =>
      toAttachmentView(attachment, String(index), messageMediaUrl(message.id, String(index)), context),
    ),
    reaction: message.reaction,
    reactionFeedback: message.reactionFeedback,
    callToAction: message.callToAction,
    // A message the creator wrote in person (a takeover, an edited held reply) is marked for everyone:
    // fans are told the twin's messages are AI-made, and this one was not (issue 26). Which person
    // wrote it stays the admin's and creator's to know.
    ...(message.sentByUserId ? { writtenByCreator: true } : {}),
    ...(message.isSafetyReply ? { safetyReply: true } : {}),
    ...(message.notice ? { notice: message.notice } : {}),
    // The twin wrote this unasked (docs/reach-out.md): the messenger says so under the bubble.
    ...(message.reachOutId ? { reachOut: true } : {}),
    // The fan spoke it (a voice note, transcribed): the messenger marks it so (docs/speech-to-text.md).
    ...(message.spoken ? { spoken: true } : {}),
  };
}
