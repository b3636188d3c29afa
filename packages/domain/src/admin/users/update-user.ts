// The admin user editor (docs/product-rules.md#admin-back-office, #roles-and-permissions, #calls "Update user"): name, email, role, free credits and waitlist
// status. Accepting a user from the waitlist gives back the "You're in!" email for the caller to
// send once the transaction has committed, so a rolled-back save never mails anyone.
import { type ChangeEvent, type Executor, recordChanges, talentManagers, users, violatedUniqueConstraint } from '@doppel/db';
import { type AdminUserDetail, type AdminUserUpdateInput, adminUserMessages } from '@doppel/validation';
import { and, eq, ne, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import type { Email } from '../../ports/mailer.ts';
import { isNewAcceptance, waitlistAcceptedEmail } from './acceptance-email.ts';
import { getAdminUser } from './get-user.ts';

/** Admins and the user's own screens watch a user's row. */
export function userChanged(userId: string): ChangeEvent {
  return { entity: 'users', rowId: userId, scopes: ['admin', `user:${userId}`] };
}

function emailTaken(): DomainError {
  return new DomainError('CONFLICT', adminUserMessages.emailTaken, { email: [adminUserMessages.emailTaken] });
}

export type UpdateAdminUserResult = {
  user: AdminUserDetail;
  /** The acceptance email to send after the commit; null when the save accepted nobody. */
  acceptanceEmail: Email | null;
};

/**
 * `admin.users.update`. Refuses an admin removing their own ADMIN role (the back-office must keep
 * its operator) and an email another account uses; NOT_FOUND for an unknown user.
 */
export async function updateAdminUser(
  tx: Executor,
  input: AdminUserUpdateInput,
  options: { actorId: string; publicUrl: string },
): Promise<UpdateAdminUserResult> {
  // Locked, so two admins saving at once compare against the status the other one left.
  const [current] = await tx
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      credits: users.credits,
      waitlistStatus: users.waitlistStatus,
      managesTalents: sql<boolean>`exists (select 1 from ${talentManagers} where ${talentManagers.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, input.id))
    .for('update')
    .limit(1);
  if (!current) throw new DomainError('NOT_FOUND', 'This user does not exist.');

  if (input.id === options.actorId && current.role === 'ADMIN' && input.role !== 'ADMIN') {
    throw new DomainError('INVALID', adminUserMessages.ownAdminRole, { role: [adminUserMessages.ownAdminRole] });
  }

  // Only a changed balance is written, and only over the balance the admin saw: a fan's spending
  // between loading the form and saving it is never undone.
  const changesCredits = input.expectedCredits === undefined || input.credits !== input.expectedCredits;
  if (changesCredits && input.expectedCredits !== undefined && current.credits !== input.expectedCredits) {
    throw new DomainError('CONFLICT', adminUserMessages.creditsMoved, { credits: [adminUserMessages.creditsMoved] });
  }

  const newEmail = input.email !== undefined && input.email !== current.email ? input.email : undefined;
  if (newEmail !== undefined) {
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, input.id)))
      .limit(1);
    if (other) throw emailTaken();
  }

  try {
    await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        // An account with an email can sign in with it: it is no longer an anonymous fan.
        ...(newEmail !== undefined ? { email: newEmail, isAnonymous: false } : {}),
        role: input.role,
        ...(changesCredits ? { credits: input.credits } : {}),
        waitlistStatus: input.waitlistStatus,
      })
      .where(eq(users.id, input.id));
  } catch (error) {
    // Another account took the email between the check and the update.
    if (violatedUniqueConstraint(error) === 'users_email_unique') throw emailTaken();
    throw error;
  }
  await recordChanges(tx, [userChanged(input.id)]);

  const user = await getAdminUser(tx, input.id);
  const accepted = isNewAcceptance({
    before: current.waitlistStatus,
    after: input.waitlistStatus,
    email: user.email,
    managesTalents: current.managesTalents,
  });
  return {
    user,
    acceptanceEmail: accepted && user.email ? waitlistAcceptedEmail(user.email, user.name, options.publicUrl) : null,
  };
}
