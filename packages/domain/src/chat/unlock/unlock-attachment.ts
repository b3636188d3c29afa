import { chatMessages, chats, recordChanges, type Transaction, talentConfigs, talents } from '@doppel/db';
import type { ChatAttachmentView, CreditBalanceView } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../access/scopes.ts';
import { recordPaidSpend } from '../../earnings/record-earning.ts';
import { DomainError } from '../../errors.ts';
import { planSpend, type Spend } from '../../money/money.ts';
import { assertChatFan } from '../access.ts';
import { twinRequiresAdult } from '../age-gate/age-rules.ts';
import { chatHasUnlockedImage } from '../messages/unlocked-image.ts';
import { messageMediaUrl, toAttachmentView } from '../messages/view.ts';
import { balanceChanged, chatChanged, messageChanged, talentNumbersChanged } from '../scopes.ts';
import { debit, lockFanBalance } from '../send/balance.ts';
import { isTestChat, pricesFor } from '../test-chat.ts';
import { parseAttachmentIndex, unlockPrice } from './prices.ts';

export type UnlockInput = { chatId: string; messageId: string; attachmentId: string };

export type UnlockResult = {
  attachment: ChatAttachmentView;
  balance: CreditBalanceView;
  /** Undefined when the attachment was already unlocked: a second unlock charges nothing. */
  spend: Spend | undefined;
};

function attachmentNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'This attachment does not exist.');
}

/**
 * Unlocks one attachment of a twin's message for the chat's fan, atomically and once: the fan's
 * balance and then the message row are locked, so of two concurrent unlocks the second finds it
 * unlocked and charges nothing. The price is the talent's audio or image price (the first-image
 * price for the fan's first image when the talent has one); free credits go first, and the paid
 * part books unlockImage / unlockAudio earnings.
 */
export async function unlockAttachment(tx: Transaction, viewer: Viewer, input: UnlockInput): Promise<UnlockResult> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const fan = await lockFanBalance(tx, viewer.id);
  if (!fan) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const [row] = await tx
    .select({
      message: { id: chatMessages.id, senderType: chatMessages.senderType, attachments: chatMessages.attachments },
      chat: { id: chats.id, userId: chats.userId, talentId: chats.talentId },
      contentLevel: talentConfigs.contentLevel,
      prices: {
        creditsToUnlockImage: talents.creditsToUnlockImage,
        creditsToUnlockAudio: talents.creditsToUnlockAudio,
        creditsToUnlockFirstImage: talents.creditsToUnlockFirstImage,
      },
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(talentConfigs, eq(talentConfigs.id, chats.talentId))
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatId, input.chatId)))
    .for('update', { of: chatMessages });
  if (!row) throw attachmentNotFound();
  const { message, chat } = row;
  assertChatFan(viewer, chat, 'unlock attachments');
  // The twin's own creator testing it unlocks for free, and earns nothing from it.
  const prices = pricesFor(row.prices, isTestChat(viewer, chat));
  const index = parseAttachmentIndex(input.attachmentId, message.attachments.length);
  const attachment = index === undefined ? undefined : message.attachments[index];
  if (index === undefined || !attachment || message.senderType !== 'TALENT') throw attachmentNotFound();

  const hasUnlockedImage = await chatHasUnlockedImage(tx, chat.id);
  const view = (isUnlocked: boolean) =>
    toAttachmentView({ ...attachment, isUnlocked }, input.attachmentId, messageMediaUrl(message.id, input.attachmentId), {
      ...prices,
      hasUnlockedImage,
      seesOriginals: false,
    });
  if (attachment.isUnlocked) {
    return { attachment: view(true), balance: { credits: fan.credits, paidCredits: fan.paidCredits }, spend: undefined };
  }

  // A known minor buys nothing from a twin above SAFE (docs/safety.md, Age gate).
  if (fan.declaredMinorAt !== null && twinRequiresAdult(row.contentLevel) && !isTestChat(viewer, chat)) {
    throw new DomainError('FORBIDDEN', 'This content is for adults only.');
  }
  const price = unlockPrice(attachment.type, prices, hasUnlockedImage);
  const spend = planSpend(fan, price);
  if (!spend) {
    const what = attachment.type === 'IMAGE' ? 'this photo' : 'this voice note';
    const have = fan.credits + fan.paidCredits;
    throw new DomainError(
      'INSUFFICIENT_CREDITS',
      `Unlocking ${what} costs ${price} credit${price === 1 ? '' : 's'}; you have ${have}. Get more credits to unlock it.`,
    );
  }
  const balance = await debit(tx, viewer.id, spend);
  const attachments = message.attachments.map((item, position) => (position === index ? { ...item, isUnlocked: true } : item));
  await tx.update(chatMessages).set({ attachments }).where(eq(chatMessages.id, message.id));

  const ref = { id: chat.id, userId: chat.userId, talentId: chat.talentId };
  const events = [messageChanged(ref, message.id), chatChanged(ref)];
  if (spend.free > 0 || spend.paid > 0) events.push(balanceChanged(viewer.id));
  if (spend.paid > 0) {
    const earning = await recordPaidSpend(tx, {
      talentId: chat.talentId,
      source: attachment.type === 'IMAGE' ? 'unlockImage' : 'unlockAudio',
      paidCredits: spend.paid,
      ledgerKey: `unlock:${message.id}:${input.attachmentId}`,
    });
    events.push(talentNumbersChanged('earning_frames', chat.talentId));
    if (earning.referralTalentId && earning.referralMicroUsd > 0) {
      events.push(talentNumbersChanged('earning_frames', earning.referralTalentId));
    }
  }
  await recordChanges(tx, events);
  return { attachment: view(true), balance, spend };
}
