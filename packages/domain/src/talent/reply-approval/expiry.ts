// The hold limit of approval mode: a draft older than the creator's `replyHoldMinutes` is sent as
// drafted or dropped (refunded), as the creator chose. Run every minute by the `chat.drafts-expire`
// job; each draft is decided in its own transaction under the same locks as the creator's decision,
// so a creator approving at the same moment and the sweep decide it once between them.
import { chats, type Database, replyDrafts, type Transaction, talentConfigs } from '@doppel/db';
import { defaultReplyHoldMinutes } from '@doppel/validation';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { dropDraft, lockPendingDraft, sendDraft } from './drafts.ts';

/** Drafts decided per run; the next minute's run takes the rest. */
const expiryBatch = 200;

export async function expireHeldReplies(
  db: Database,
  now = new Date(),
  /** Runs in the transaction that sent a reply (Telegram forwards it: docs/telegram.md). */
  onSent?: (tx: Transaction, messageId: string) => Promise<void>,
): Promise<{ sent: number; dropped: number }> {
  const holdMinutes = sql`coalesce(${talentConfigs.replyHoldMinutes}, ${defaultReplyHoldMinutes})`;
  const due = await db
    .select({ id: replyDrafts.id, action: sql<'SEND' | 'DROP'>`coalesce(${talentConfigs.replyExpiryAction}, 'SEND')` })
    .from(replyDrafts)
    .innerJoin(chats, eq(chats.id, replyDrafts.chatId))
    .leftJoin(talentConfigs, eq(talentConfigs.id, replyDrafts.talentId))
    .where(
      and(
        eq(replyDrafts.status, 'PENDING'),
        lte(replyDrafts.createdAt, sql`${now.toISOString()}::timestamptz - ${holdMinutes} * interval '1 minute'`),
        // While the creator has the chat taken over they are answering it themselves: the draft
        // waits until they hand back (or answer the message, which supersedes it).
        isNull(chats.takenOverAt),
      ),
    )
    .orderBy(asc(replyDrafts.createdAt))
    .limit(expiryBatch);
  const counts = { sent: 0, dropped: 0 };
  for (const { id, action } of due) {
    try {
      const decision = await db.transaction(async (tx) => {
        const draft = await lockPendingDraft(tx, { draftId: id }, action === 'DROP');
        if (action === 'DROP') return dropDraft(tx, draft, { status: 'DROPPED_ON_EXPIRY', decidedByUserId: null });
        const sent = await sendDraft(tx, draft, {
          status: 'SENT_ON_EXPIRY',
          decidedByUserId: null,
          text: draft.text,
          sentByUserId: null,
        });
        if (sent.messageId) await onSent?.(tx, sent.messageId);
        return sent;
      });
      if (decision.status === 'SENT_ON_EXPIRY') counts.sent += 1;
      if (decision.status === 'DROPPED_ON_EXPIRY') counts.dropped += 1;
    } catch (error) {
      // The creator decided it since it was read: nothing left to do.
      if (error instanceof DomainError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) continue;
      throw error;
    }
  }
  return counts;
}
