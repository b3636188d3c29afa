// chat.confirmAge (docs/safety.md, Age gate): the fan's answer at the gate of a twin above SAFE.
// Only the verdict and its time are kept on the account; a minor stays a minor everywhere.
import { type Executor, recordChanges, users } from '@doppel/db';
import type { ChatConfirmAgeOutput } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../access/scopes.ts';
import { DomainError } from '../../errors.ts';
import type { AgeVerdict } from '../../ports/age-verification.ts';
import { balanceChanged } from '../scopes.ts';

/**
 * Stores the verdict on the fan's account. A fan already known as a minor stays one whatever they
 * answer now (the declaration holds "from then on"); an adult confirmation is kept from its first time.
 */
export async function confirmAge(
  tx: Executor,
  viewer: Viewer,
  input: { verdict: AgeVerdict; now: Date },
): Promise<ChatConfirmAgeOutput> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const [fan] = await tx
    .select({ adultConfirmedAt: users.adultConfirmedAt, declaredMinorAt: users.declaredMinorAt })
    .from(users)
    .where(eq(users.id, viewer.id))
    .for('no key update');
  if (!fan) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (fan.declaredMinorAt) return { age: 'MINOR' };
  if (input.verdict.adult) {
    if (!fan.adultConfirmedAt) {
      await tx.update(users).set({ adultConfirmedAt: input.now, updatedAt: input.now }).where(eq(users.id, viewer.id));
    }
    return { age: 'ADULT' };
  }
  await tx.update(users).set({ declaredMinorAt: input.now, updatedAt: input.now }).where(eq(users.id, viewer.id));
  await recordChanges(tx, [balanceChanged(viewer.id)]);
  return { age: 'MINOR' };
}
