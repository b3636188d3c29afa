import { type Executor, recordChanges, users } from '@doppel/db';
import type { JoinWaitlistInput, WaitlistStatus } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

const handleColumn = { INSTAGRAM: 'instagram', TIKTOK: 'tiktok', X: 'x' } as const;

/**
 * Puts the user on the waitlist with their social handle (docs/product-rules.md#waitlist). The status becomes PENDING,
 * except that an ACCEPTED user stays accepted and a REJECTED one stays rejected (re-submitting
 * the form must not undo an admin's decision; both see the same thank-you screen).
 */
export async function joinWaitlist(
  tx: Executor,
  userId: string,
  input: JoinWaitlistInput,
): Promise<{ waitlistStatus: WaitlistStatus }> {
  const [row] = await tx
    .update(users)
    .set({
      waitlistPlatform: input.platform,
      [handleColumn[input.platform]]: input.handle,
      waitlistStatus: sql`coalesce(${users.waitlistStatus}, 'PENDING')`,
    })
    .where(eq(users.id, userId))
    .returning({ waitlistStatus: users.waitlistStatus });
  if (!row?.waitlistStatus) throw new DomainError('NOT_FOUND', 'The account no longer exists.');
  await recordChanges(tx, [{ entity: 'users', rowId: userId, scopes: [`user:${userId}`, 'admin'] }]);
  return { waitlistStatus: row.waitlistStatus };
}
