// Writes of a crossed boundary: the flag the creator and admins read, and, when the model's reply
// or the moderation endpoint refused a message the fan already paid for, the exact refund of it.
import { boundaryFlags, type ChangeEvent, chatMessages, type Executor, newId, talentLedger, users } from '@doppel/db';
import type { BoundarySide } from '@doppel/validation';
import { inArray, sql } from 'drizzle-orm';
import { bookEarningReversal } from '../../earnings/record-earning.ts';
import { balanceChanged, type ChatRef, talentNumbersChanged } from '../scopes.ts';
import type { BoundaryCrossing } from './rules.ts';

export type BoundaryRefusal = { chat: ChatRef; messageId: string; side: BoundarySide; crossing: BoundaryCrossing };

/** The flag row's insert and its change event (scopes of the talent's managers and admins). */
export function insertBoundaryFlag(tx: Executor, refusal: BoundaryRefusal): { write: Promise<unknown>; event: ChangeEvent } {
  const id = newId();
  const write = tx.insert(boundaryFlags).values({
    id,
    chatId: refusal.chat.id,
    messageId: refusal.messageId,
    talentId: refusal.chat.talentId,
    side: refusal.side,
    reason: refusal.crossing.reason,
    matched: refusal.crossing.matched.slice(0, 200),
  });
  return { write, event: { entity: 'boundary_flags', rowId: id, scopes: [`talent:${refusal.chat.talentId}`, 'admin'] } };
}

/**
 * Gives the fan back exactly what the refused message cost and takes back what it earned, then
 * flags it; inside the transaction that stores the refusal, so the unique answer to the message
 * makes it happen once. Its first statement locks the fan's row, keeping the lock order of every
 * spend (user row, then chat): call it before anything touches the chat.
 */
export async function refundAndFlag(tx: Executor, refusal: BoundaryRefusal): Promise<ChangeEvent[]> {
  const refund = refundFanMessage(tx, refusal.chat, refusal.messageId, 'boundary');
  // The refund's first statement goes out first: the flag's insert queues behind it.
  const flag = insertBoundaryFlag(tx, refusal);
  const [events] = await Promise.all([refund, flag.write]);
  return [flag.event, ...events];
}

/**
 * Gives the fan back exactly what one of their messages cost (free and paid credits) and reverses
 * what its paid part earned, as it was booked (the shares may have changed since), under
 * `{reason}:message:{id}`. The caller makes it happen once (a unique answer, a draft's status).
 * Its first statement locks the fan's row, keeping the lock order of every spend (user row, then chat).
 */
export async function refundFanMessage(
  tx: Executor,
  chat: ChatRef,
  messageId: string,
  reason: 'boundary' | 'approval' | 'safety',
): Promise<ChangeEvent[]> {
  const [spent] = await tx
    .update(users)
    .set({
      credits: sql`${users.credits} + ${chatMessages.spentFreeCredits}`,
      paidCredits: sql`${users.paidCredits} + ${chatMessages.spentPaidCredits}`,
    })
    .from(chatMessages)
    .where(sql`${users.id} = ${chat.userId} and ${chatMessages.id} = ${messageId}`)
    .returning({ free: chatMessages.spentFreeCredits, paid: chatMessages.spentPaidCredits });
  const events: ChangeEvent[] = [];
  if (spent && spent.free + spent.paid > 0) events.push(balanceChanged(chat.userId));
  if (!spent || spent.paid === 0) return events;
  const key = `message:${messageId}`;
  const earned = await tx
    .select({
      key: talentLedger.key,
      talentId: talentLedger.talentId,
      gross: talentLedger.grossMicroUsd,
      net: talentLedger.netMicroUsd,
    })
    .from(talentLedger)
    .where(inArray(talentLedger.key, [key, `${key}:referral`]));
  const own = earned.find((entry) => entry.key === key);
  const referral = earned.find((entry) => entry.key === `${key}:referral`);
  if (own) {
    await bookEarningReversal(
      tx,
      {
        talentId: own.talentId,
        grossMicroUsd: own.gross,
        netMicroUsd: own.net,
        referralMicroUsd: referral?.gross ?? 0,
        referralTalentId: referral?.talentId ?? null,
      },
      new Date(),
      `${reason}:${key}`,
    );
    events.push(talentNumbersChanged('earning_frames', own.talentId));
    if (referral) events.push(talentNumbersChanged('earning_frames', referral.talentId));
  }
  return events;
}
