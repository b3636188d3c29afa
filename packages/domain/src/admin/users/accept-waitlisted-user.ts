// Letting one person in from the waitlist by email, as an operator does with `ops users accept`:
// the same status change, live refresh and "You're in!" email as an admin's save in the Users
// editor, so the two ways in never differ.
import { type Executor, recordChanges, talentManagers, users } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import type { Email } from '../../ports/mailer.ts';
import { isNewAcceptance, waitlistAcceptedEmail } from './acceptance-email.ts';
import { userChanged } from './update-user.ts';

export type AcceptWaitlistedUserResult = {
  userId: string;
  /** The email to send once the transaction has committed; null when they were in already. */
  acceptanceEmail: Email | null;
};

/** Sets the user with `email` to ACCEPTED; NOT_FOUND when no account has that email. */
export async function acceptWaitlistedUser(
  tx: Executor,
  email: string,
  options: { publicUrl: string },
): Promise<AcceptWaitlistedUserResult> {
  const [current] = await tx
    .select({
      id: users.id,
      name: users.name,
      waitlistStatus: users.waitlistStatus,
      managesTalents: sql<boolean>`exists (select 1 from ${talentManagers} where ${talentManagers.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.email, email))
    .for('update')
    .limit(1);
  if (!current) throw new DomainError('NOT_FOUND', `no user with email ${email}`);

  await tx.update(users).set({ waitlistStatus: 'ACCEPTED' }).where(eq(users.id, current.id));
  await recordChanges(tx, [userChanged(current.id)]);
  const accepted = isNewAcceptance({
    before: current.waitlistStatus,
    after: 'ACCEPTED',
    email,
    managesTalents: current.managesTalents,
  });
  return {
    userId: current.id,
    acceptanceEmail: accepted ? waitlistAcceptedEmail(email, current.name, options.publicUrl) : null,
  };
}
