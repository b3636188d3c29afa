import { chatMessages, chats, type Executor, type MessageAttachment, staticAttachments, talents } from '@doppel/db';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../access/scopes.ts';
import { canReadChat, seesOriginals } from '../access.ts';
import { parseAttachmentIndex } from '../unlock/prices.ts';

/**
 * Which stored file a media request gets: `file` (the original, or the locked copy), `locked`
 * (a locked voice note, or an image without a locked copy: nothing to show), or `not-found`
 * (unknown, or the viewer has no business with the chat: the two look alike on purpose).
 */
export type MediaDecision = { kind: 'file'; path: string; original: boolean } | { kind: 'locked' } | { kind: 'not-found' };

async function lockedCopyOf(db: Executor, talentId: string, attachment: MessageAttachment): Promise<MediaDecision> {
  if (attachment.type !== 'IMAGE') return { kind: 'locked' };
  const [gallery] = await db
    .select({ lockedFilePath: staticAttachments.lockedFilePath })
    .from(staticAttachments)
    .where(and(eq(staticAttachments.talentId, talentId), eq(staticAttachments.filePath, attachment.filePath)))
    .limit(1);
  return gallery?.lockedFilePath ? { kind: 'file', path: gallery.lockedFilePath, original: false } : { kind: 'locked' };
}

/**
 * A chat message's attachment: the chat's fan gets the original once unlocked and the locked
 * (blurred) copy before; the talent's managers and admins always get the original; anyone else
 * gets nothing.
 */
export async function decideMessageMedia(
  db: Executor,
  viewer: Viewer,
  input: { messageId: string; attachmentId: string },
): Promise<MediaDecision> {
  const [row] = await db
    .select({ attachments: chatMessages.attachments, userId: chats.userId, talentId: chats.talentId })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(eq(chatMessages.id, input.messageId))
    .limit(1);
  if (!row || !canReadChat(viewer, row)) return { kind: 'not-found' };
  const index = parseAttachmentIndex(input.attachmentId, row.attachments.length);
  const attachment = index === undefined ? undefined : row.attachments[index];
  if (!attachment) return { kind: 'not-found' };
  if (attachment.isUnlocked || seesOriginals(viewer, row.talentId))
    return { kind: 'file', path: attachment.filePath, original: true };
  return lockedCopyOf(db, row.talentId, attachment);
}

/**
 * An attachment of a welcome message (`{welcomeMessageId}.{index}`), shown to anyone who opens
 * the chat: the original when the talent sent it unlocked, else the locked copy (managers and
 * admins always get the original).
 */
export async function decideWelcomeMedia(
  db: Executor,
  viewer: Viewer,
  input: { talentId: string; attachmentId: string },
): Promise<MediaDecision> {
  const match = /^([A-Za-z0-9_-]{1,100})\.(\d{1,3})$/.exec(input.attachmentId);
  if (!match) return { kind: 'not-found' };
  const [talent] = await db
    .select({ initialChatMessages: talents.initialChatMessages })
    .from(talents)
    .where(eq(talents.id, input.talentId))
    .limit(1);
  const message = talent?.initialChatMessages.find((welcome) => welcome.id === match[1]);
  const attachment = message?.attachments?.[Number(match[2])];
  if (!attachment) return { kind: 'not-found' };
  if (attachment.isUnlocked || seesOriginals(viewer, input.talentId))
    return { kind: 'file', path: attachment.filePath, original: true };
  return lockedCopyOf(db, input.talentId, attachment);
}
