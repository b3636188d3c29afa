// Letting one person in from the waitlist by email, as an operator does with `ops users accept`:
// it is the admin's save in the Users editor (`updateAdminUser`) with only the status changed, so
// the status change, the live refresh and the "You're in!" email can never differ between the two.
import { type Executor, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import type { Email } from '../../ports/mailer.ts';
import { updateAdminUser } from './update-user.ts';

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
  // Locked, so the role and credits handed back to the editor's save are the ones it overwrites.
  const [current] = await tx
    .select({ id: users.id, role: users.role, credits: users.credits })
    .from(users)
    .where(eq(users.email, email))
    .for('update')
    .limit(1);
  if (!current) throw new DomainError('NOT_FOUND', `no user with email ${email}`);

  const { acceptanceEmail } = await updateAdminUser(
    tx,
    {
      id: current.id,
      role: current.role,
      credits: current.credits,
      expectedCredits: current.credits,
      waitlistStatus: 'ACCEPTED',
    },
    // An operator at the console is no admin of the back-office: no one's own role is at stake.
    { actorId: '', publicUrl: options.publicUrl },
  );
  return { userId: current.id, acceptanceEmail };
}
