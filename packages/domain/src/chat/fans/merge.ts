import {
  type ChangeEvent,
  chatMessages,
  chatPrompts,
  chats,
  fanMemories,
  fanReminders,
  recordChanges,
  type Transaction,
  users,
} from '@doppel/db';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { forgetAudienceChats, holdAudienceRollup, refoldAudienceChats } from '../../talent/audience-rollup.ts';
import { balanceChanged, chatChanged } from '../scopes.ts';

export type MergeResult = {
  movedChats: number;
  mergedChats: number;
  movedCredits: number;
  movedPaidCredits: number;
  /** Free credits left behind because the account already had its free grant. */
  forfeitedCredits: number;
};

const nothing: MergeResult = { movedChats: 0, mergedChats: 0, movedCredits: 0, movedPaidCredits: 0, forfeitedCredits: 0 };

/**
 * Moves what an anonymous fan did to the account they just signed in to: their chats (when both
 * have a chat with the same talent, the messages and prompt logs move into the signed-in user's
 * chat, whose counters and flags absorb the other's) and their remaining credits. Free credits
 * are granted once per person: they move only into an account that has not had its free grant yet
 * (which this merge then is), so signing in from several anonymous sessions cannot stack them;
 * paid credits always move. A `fromUserId` that is not anonymous is left alone, so a real account
 * is never emptied into another. The emptied anonymous user stays (no chats, no credits) and loses
 * its sessions to the sign-in.
 */
export async function mergeAnonymousUser(tx: Transaction, fromUserId: string, toUserId: string): Promise<MergeResult> {
  if (fromUserId === toUserId) return nothing;
  // Both balances locked, in id order so two merges cannot deadlock; sends lock the same rows first.
  const locked = await tx
    .select({
      id: users.id,
      isAnonymous: users.isAnonymous,
      credits: users.credits,
      paidCredits: users.paidCredits,
      freeCreditsGrantedAt: users.freeCreditsGrantedAt,
      declaredMinorAt: users.declaredMinorAt,
      adultConfirmedAt: users.adultConfirmedAt,
    })
    .from(users)
    .where(inArray(users.id, [fromUserId, toUserId]))
    .orderBy(asc(users.id))
    .for('update');
  const from = locked.find((user) => user.id === fromUserId);
  const to = locked.find((user) => user.id === toUserId);
  if (!from?.isAnonymous || !to) return nothing;

  const events: ChangeEvent[] = [];
  // The Audience's frames follow the chats below (forgetAudienceChats, refoldAudienceChats): the
  // rollup is held before the chats are locked, as a run locks them in turn.
  const [anyChat] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.userId, fromUserId)).limit(1);
  if (anyChat) await holdAudienceRollup(tx);
  const fromChats = await tx.select().from(chats).where(eq(chats.userId, fromUserId)).orderBy(asc(chats.id)).for('update');
  let movedChats = 0;
  let mergedChats = 0;
  for (const chat of fromChats) {
    const [target] = await tx
      .select()
      .from(chats)
      .where(and(eq(chats.userId, toUserId), eq(chats.talentId, chat.talentId)))
      .for('update');
    if (!target) {
      await tx.update(chats).set({ userId: toUserId, updatedAt: new Date() }).where(eq(chats.id, chat.id));
      // Its frames name the anonymous fan: folded again under the account.
      await refoldAudienceChats(tx, [chat.id]);
      events.push(chatChanged({ id: chat.id, userId: toUserId, talentId: chat.talentId }));
      movedChats += 1;
      continue;
    }
    // Send keys are unique per chat, and the emptied chat is deleted, so no retry can name them
    // again: dropping them keeps two equal keys from colliding in the account's chat.
    await tx.update(chatMessages).set({ chatId: target.id, idempotencyKey: null }).where(eq(chatMessages.chatId, chat.id));
    await tx.update(chatPrompts).set({ chatId: target.id }).where(eq(chatPrompts.chatId, chat.id));
    // Reminders the fan asked for go with their messages, not with the emptied chat.
    await tx.update(fanReminders).set({ chatId: target.id }).where(eq(fanReminders.chatId, chat.id));
    await tx
      .update(chats)
      .set({
        chatMessageCount: sql`${chats.chatMessageCount} + ${chat.chatMessageCount}`,
        hasUserInteraction: target.hasUserInteraction || chat.hasUserInteraction,
        hasUserInteractionWithNonAnonymousUser:
          target.hasUserInteractionWithNonAnonymousUser || chat.hasUserInteractionWithNonAnonymousUser,
        hasUserInteractionWithPaidCredits: target.hasUserInteractionWithPaidCredits || chat.hasUserInteractionWithPaidCredits,
        hasUserInteractionWithSubscription: target.hasUserInteractionWithSubscription || chat.hasUserInteractionWithSubscription,
        hasUserInteractionWithManager: target.hasUserInteractionWithManager || chat.hasUserInteractionWithManager,
        updatedAt: new Date(),
      })
      .where(eq(chats.id, target.id));
    // Its rolled-up frames go with it (cascade); so does its share of the monthly Audience counts.
    // The account's chat, which now holds its messages, is folded again from them.
    await forgetAudienceChats(tx, [chat.id]);
    await tx.delete(chats).where(eq(chats.id, chat.id));
    await refoldAudienceChats(tx, [target.id]);
    events.push(chatChanged({ id: target.id, userId: toUserId, talentId: target.talentId }));
    events.push({ entity: 'chats', rowId: chat.id, scopes: [`user:${fromUserId}`, `talent:${chat.talentId}`, 'admin'] });
    mergedChats += 1;
  }

  // What the twins remember about the fan follows them; a note the account already has stays once.
  const kept = alias(fanMemories, 'kept');
  const movedMemories = await tx
    .update(fanMemories)
    .set({ userId: toUserId, updatedAt: new Date() })
    .where(
      and(
        eq(fanMemories.userId, fromUserId),
        notExists(
          tx
            .select({ id: kept.id })
            .from(kept)
            .where(
              and(
                eq(kept.userId, toUserId),
                eq(kept.talentId, fanMemories.talentId),
                sql`lower(${kept.text}) = lower(${fanMemories.text})`,
              ),
            ),
        ),
      ),
    )
    .returning({ id: fanMemories.id, talentId: fanMemories.talentId });
  await tx.delete(fanMemories).where(eq(fanMemories.userId, fromUserId));
  // A fan has one name: when both had told it, the newer stays.
  if (movedMemories.length > 0) {
    await tx.execute(sql`
      delete from fan_memories f where f.user_id = ${toUserId} and f.kind = 'NAME' and exists (
        select 1 from fan_memories n where n.user_id = f.user_id and n.talent_id = f.talent_id
          and n.kind = 'NAME' and (n.created_at, n.id) > (f.created_at, f.id))`);
  }
  for (const memory of movedMemories) {
    events.push({ entity: 'fan_memories', rowId: memory.id, scopes: [`user:${toUserId}`, `talent:${memory.talentId}`, 'admin'] });
  }

  // Reminders are sent to their fan: the account from now on.
  await tx.update(fanReminders).set({ userId: toUserId }).where(eq(fanReminders.userId, fromUserId));

  // The first merge into an account is its free grant, even when the fan had spent every free credit.
  const grantsFreeCredits = to.freeCreditsGrantedAt === null;
  const movedCredits = grantsFreeCredits ? from.credits : 0;
  if (grantsFreeCredits || from.paidCredits > 0) {
    await tx
      .update(users)
      .set({
        credits: sql`${users.credits} + ${movedCredits}`,
        paidCredits: sql`${users.paidCredits} + ${from.paidCredits}`,
        ...(grantsFreeCredits ? { freeCreditsGrantedAt: from.freeCreditsGrantedAt ?? new Date() } : {}),
      })
      .where(eq(users.id, toUserId));
  }
  if (from.credits > 0 || from.paidCredits > 0) {
    // Free credits the account may not take are forfeited, not left for a later merge to find.
    await tx.update(users).set({ credits: 0, paidCredits: 0 }).where(eq(users.id, fromUserId));
    events.push(balanceChanged(toUserId), balanceChanged(fromUserId));
  }
  // What the anonymous fan said about their age holds for the account too (docs/safety.md, Age
  // gate): a minor stays a minor, an adult confirmation spares asking again.
  const declaredMinorAt = to.declaredMinorAt ?? from.declaredMinorAt;
  const adultConfirmedAt = to.adultConfirmedAt ?? from.adultConfirmedAt;
  if (declaredMinorAt !== to.declaredMinorAt || adultConfirmedAt !== to.adultConfirmedAt) {
    await tx.update(users).set({ declaredMinorAt, adultConfirmedAt }).where(eq(users.id, toUserId));
  }
  await recordChanges(tx, events);
  return {
    movedChats,
    mergedChats,
    movedCredits,
    movedPaidCredits: from.paidCredits,
    forfeitedCredits: from.credits - movedCredits,
  };
}
