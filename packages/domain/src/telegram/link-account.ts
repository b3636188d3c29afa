// A fan links their Telegram to their Doppel account (docs/telegram.md): /link gives a one-time
// link; opened signed in, the Telegram user's anonymous fan is merged into the account by the same
// merge as a sign-in (chats, messages, memories and credits move; free credits only once), and
// the Telegram user chats as that account from then on.
import { recordChanges, type Transaction, talents, telegramFans, telegramLinkTokens } from '@doppel/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { mergeAnonymousUser } from '../chat/fans/merge.ts';
import { DomainError } from '../errors.ts';
import { telegramLinkTokenHash } from './conversation.ts';

export const telegramLinkInvalidMessage = 'This link has expired or was used already. Send /link to the bot again.';

export async function linkTelegramAccount(
  tx: Transaction,
  input: { userId: string; token: string; now?: Date },
): Promise<{ tag: string | null }> {
  const now = input.now ?? new Date();
  // Used at most once: the row is taken under its lock, so two tabs opening the link link once.
  const [link] = await tx
    .update(telegramLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(telegramLinkTokens.tokenHash, telegramLinkTokenHash(input.token)),
        isNull(telegramLinkTokens.usedAt),
        gt(telegramLinkTokens.expiresAt, now),
      ),
    )
    .returning({ telegramUserId: telegramLinkTokens.telegramUserId, talentId: telegramLinkTokens.talentId });
  if (!link) throw new DomainError('INVALID', telegramLinkInvalidMessage);
  const [fan] = await tx
    .select({ userId: telegramFans.userId })
    .from(telegramFans)
    .where(eq(telegramFans.telegramUserId, link.telegramUserId))
    .for('update');
  if (!fan) throw new DomainError('INVALID', telegramLinkInvalidMessage);
  if (fan.userId !== input.userId) {
    // Moves nothing out of a fan that is an account already (linked elsewhere before): it is only re-pointed.
    await mergeAnonymousUser(tx, fan.userId, input.userId);
    await tx
      .update(telegramFans)
      .set({ userId: input.userId, linkedAt: now })
      .where(eq(telegramFans.telegramUserId, link.telegramUserId));
    await recordChanges(tx, [{ entity: 'users', rowId: input.userId, scopes: [`user:${input.userId}`, 'admin'] }]);
  }
  const [talent] = await tx.select({ tag: talents.tag }).from(talents).where(eq(talents.id, link.talentId));
  return { tag: talent?.tag ?? null };
}
