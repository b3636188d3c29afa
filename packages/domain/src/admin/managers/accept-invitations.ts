// Invitations take effect at sign-in (docs/product-rules.md#admin-back-office, #roles-and-permissions): whoever signs in with an invited email becomes
// a manager of the talents it was invited to, in the sign-in's own transaction.
import { type Executor, invitations, recordChanges, talentManagers } from '@doppel/db';
import { and, eq, isNull } from 'drizzle-orm';
import { invitationChanged, managerChanged } from './scopes.ts';

/**
 * Turns the pending invitations for `email` into manager rows of `userId` and returns the talents
 * gained. One indexed update when there are none (the usual sign-in); the row locks it takes make
 * two concurrent sign-ins accept each invitation once.
 */
export async function acceptPendingInvitations(
  tx: Executor,
  userId: string,
  email: string,
  now: Date = new Date(),
): Promise<string[]> {
  const accepted = await tx
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id, talentId: invitations.talentId });
  if (accepted.length === 0) return [];
  await tx
    .insert(talentManagers)
    .values(accepted.map((invitation) => ({ userId, talentId: invitation.talentId })))
    .onConflictDoNothing();
  await recordChanges(
    tx,
    accepted.flatMap((invitation) => [
      ...managerChanged(invitation.talentId, userId),
      invitationChanged(invitation.talentId, invitation.id, userId),
    ]),
  );
  return accepted.map((invitation) => invitation.talentId);
}
