import { createHash } from 'node:crypto';
import { type Executor, recordChanges, type Transaction, users } from '@doppel/db';
import { and, count, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { lockKeys } from '../../limits/keyed-locks.ts';

/**
 * How many anonymous fans one address may create in the window. Each holds free credits, so
 * without a limit one client could mint credits by the thousand; twenty an hour leaves room for a
 * household, an office or a campus behind one NAT, and a fan who meets the limit can still sign in.
 */
export const anonymousFanLimits = { perAddress: 20, windowMs: 60 * 60 * 1000 } as const;

export const tooManyAnonymousFansMessage = 'Too many new chats from your network. Please sign in or try again later.';

/** What is stored of a creating address: its SHA-256, enough to count by and not shown anywhere. */
export function anonymousAddressHash(address: string): string {
  return createHash('sha256').update(`anonymous-fan:${address}`).digest('hex');
}

/**
 * A fan who arrives signed out: an anonymous account holding the free credits (FAN_FREE_CREDITS,
 * passed in by the API); the caller gives it a normal session. Refused once `address` created
 * anonymousFanLimits.perAddress fans in the window: counted from the users themselves (every API
 * process sees the same numbers) and under a lock per address, so concurrent requests count one
 * after the other and the limit holds exactly.
 */
export async function createAnonymousFan(
  tx: Transaction,
  input: { freeCredits: number; address: string | undefined; perAddress?: number; now?: Date },
): Promise<string> {
  if (!Number.isSafeInteger(input.freeCredits) || input.freeCredits < 0) {
    throw new RangeError(`free credits must be a non-negative integer, got ${input.freeCredits}`);
  }
  const now = input.now ?? new Date();
  const addressHash = input.address ? anonymousAddressHash(input.address) : null;
  if (addressHash) {
    await lockKeys(tx, [`anonymous-fan-address:${addressHash}`]);
    const since = new Date(now.getTime() - anonymousFanLimits.windowMs);
    const [recent] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.createdFromAddressHash, addressHash), gt(users.createdAt, since)));
    if ((recent?.n ?? 0) >= (input.perAddress ?? anonymousFanLimits.perAddress))
      throw new DomainError('RATE_LIMITED', tooManyAnonymousFansMessage);
  }
  const [user] = await tx
    .insert(users)
    .values({
      isAnonymous: true,
      credits: input.freeCredits,
      freeCreditsGrantedAt: now,
      createdFromAddressHash: addressHash,
      lastActiveAt: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('could not create the anonymous fan');
  await recordChanges(tx, [{ entity: 'users', rowId: user.id, scopes: ['admin'] }]);
  return user.id;
}

/**
 * Forgets the creating address of anonymous fans made before the limit's window: the limit no longer
 * counts them, so keeping even the hash would only keep a trace of where a fan came from. The
 * clean-up job runs it; clearing is idempotent, so a retried run finds nothing left.
 */
export async function forgetAnonymousFanAddresses(db: Executor, now: Date = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - anonymousFanLimits.windowMs);
  const cleared = await db
    .update(users)
    .set({ createdFromAddressHash: null })
    .where(and(isNotNull(users.createdFromAddressHash), lte(users.createdAt, windowStart)))
    .returning({ id: users.id });
  return cleared.length;
}
