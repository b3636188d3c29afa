// Inviting a manager by email (docs/product-rules.md#admin-back-office, #roles-and-permissions, #calls "Invite manager"). An email that has an account makes
// that account a manager at once; any other waits as an invitation until someone signs in with it
// (accept-invitations.ts). Inviting twice changes nothing and says so.
import { type Executor, invitations, recordChanges, talentManagers, users } from '@doppel/db';
import { type AdminManagerInviteOutput, adminManagerMessages } from '@doppel/validation';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { assertTalentExists } from './list-managers.ts';
import { invitationChanged, managerChanged } from './scopes.ts';

export type InviteTalentManagerInput = { talentId: string; email: string };

/** `admin.managers.invite`. NOT_FOUND for an unknown talent. */
export async function inviteTalentManager(
  tx: Executor,
  input: InviteTalentManagerInput,
  options: { invitedByUserId: string; now?: Date },
): Promise<AdminManagerInviteOutput> {
  const now = options.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  await assertTalentExists(tx, input.talentId);
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);

  if (user) {
    const [added] = await tx
      .insert(talentManagers)
      .values({ userId: user.id, talentId: input.talentId })
      .onConflictDoNothing()
      .returning({ userId: talentManagers.userId });
    if (!added) return { outcome: 'alreadyManager', message: adminManagerMessages.alreadyManager(email) };
    // Kept as accepted, so the tab shows who was invited and when it took effect.
    const [invitation] = await tx
      .insert(invitations)
      .values({ talentId: input.talentId, email, invitedByUserId: options.invitedByUserId, acceptedAt: now })
      .onConflictDoUpdate({
        target: [invitations.talentId, invitations.email],
        set: { acceptedAt: now, invitedByUserId: options.invitedByUserId },
      })
      .returning({ id: invitations.id });
    if (!invitation) throw new DomainError('CONFLICT', 'The invitation could not be stored, please try again.');
    await recordChanges(tx, [
      ...managerChanged(input.talentId, user.id),
      invitationChanged(input.talentId, invitation.id, user.id),
    ]);
    return { outcome: 'added', message: adminManagerMessages.added(email) };
  }

  // A pending invitation stays as it is; an accepted one whose account has since changed its email
  // (no account holds the email now) is made pending again.
  const [invitation] = await tx
    .insert(invitations)
    .values({ talentId: input.talentId, email, invitedByUserId: options.invitedByUserId })
    .onConflictDoUpdate({
      target: [invitations.talentId, invitations.email],
      set: { acceptedAt: null, createdAt: sql`excluded.created_at`, invitedByUserId: options.invitedByUserId },
      setWhere: isNotNull(invitations.acceptedAt),
    })
    .returning({ id: invitations.id });
  if (!invitation) return { outcome: 'alreadyInvited', message: adminManagerMessages.alreadyInvited(email) };
  await recordChanges(tx, [invitationChanged(input.talentId, invitation.id)]);
  return { outcome: 'invited', message: adminManagerMessages.invited };
}
