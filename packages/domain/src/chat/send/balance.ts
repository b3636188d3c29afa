import { type Executor, users } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import type { CreditBalance, Spend } from '../../money/money.ts';
import { builtOnce } from './built-once.ts';

export type LockedFan = CreditBalance & { isAnonymous: boolean; declaredMinorAt: Date | null; adultConfirmedAt: Date | null };

const lockFanBalanceStatement = builtOnce('lock_fan_balance', (tx) =>
  tx
    .select({
      credits: users.credits,
      paidCredits: users.paidCredits,
      isAnonymous: users.isAnonymous,
      // The boundary rules of chat.send: a fan who said they are under 18 gets SAFE content.
      declaredMinorAt: users.declaredMinorAt,
      // The age gate of twins above SAFE (docs/safety.md).
      adultConfirmedAt: users.adultConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    // NO KEY UPDATE: serialises the fan's spends without blocking inserts that merely reference
    // the user (a new session, a chat).
    .for('no key update'),
);

/** The statement behind `lockFanBalance`, for callers that pipeline it with their next lock. */
export function lockFanBalanceQuery(tx: Executor, userId: string): Promise<LockedFan[]> {
  return lockFanBalanceStatement(tx, { userId });
}

/**
 * Reads the fan's balance and locks their user row until the transaction ends. Every spend of a
 * fan (send, unlock, merge) takes this lock first, so concurrent spends queue here, each sees the
 * balance the previous one left, and the lock order (user row, then chat or message) is the same
 * everywhere.
 */
export async function lockFanBalance(tx: Executor, userId: string): Promise<LockedFan | undefined> {
  const [fan] = await lockFanBalanceQuery(tx, userId);
  return fan;
}

/** Debits a planned spend; the check constraint (credits >= 0) backs up the plan. */
export async function debit(tx: Executor, userId: string, spend: Spend): Promise<CreditBalance> {
  if (spend.free === 0 && spend.paid === 0) {
    const [row] = await tx
      .select({ credits: users.credits, paidCredits: users.paidCredits })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new Error(`user ${userId} vanished while locked`);
    return row;
  }
  const [row] = await debitStatement(tx, { userId, free: spend.free, paid: spend.paid });
  if (!row) throw new Error(`user ${userId} vanished while locked`);
  return row;
}

const debitStatement = builtOnce('debit_fan', (tx) =>
  tx
    .update(users)
    .set({
      credits: sql`${users.credits} - ${sql.placeholder('free')}`,
      paidCredits: sql`${users.paidCredits} - ${sql.placeholder('paid')}`,
    })
    .where(eq(users.id, sql.placeholder('userId')))
    .returning({ credits: users.credits, paidCredits: users.paidCredits }),
);
