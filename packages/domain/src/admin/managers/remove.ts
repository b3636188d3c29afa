// Removing a manager or an invitation from a talent (docs/product-rules.md#admin-back-office). The original's "Sorry, not implemented
// yet." was a gap; both work here.
import { type Executor, invitations, recordChanges, talentManagers, users } from '@doppel/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { assertTalentExists } from './list-managers.ts';
import { invitationChanged, managerChanged } from './scopes.ts';

/**
 * `admin.managers.removeManager`: the user stops managing the talent. Their accepted invitation
 * goes too, so the tab no longer lists it as accepted and a new invitation starts afresh.
 */
export async function removeTalentManager(tx: Executor, input: { talentId: string; userId: string }): Promise<void> {
  await assertTalentExists(tx, input.talentId);
  const [removed] = await tx
    .delete(talentManagers)
    .where(and(eq(talentManagers.talentId, input.talentId), eq(talentManagers.userId, input.userId)))
    .returning({ userId: talentManagers.userId });
  if (!removed) throw new DomainError('NOT_FOUND', 'This user does not manage this talent.');
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  const accepted = user?.email
    ? await tx
        .delete(invitations)
        .where(
          and(eq(invitations.talentId, input.talentId), eq(invitations.email, user.email), isNotNull(invitations.acceptedAt)),
        )
        .returning({ id: invitations.id })
    : [];
  await recordChanges(tx, [
    ...managerChanged(input.talentId, input.userId),
    ...accepted.map((invitation) => invitationChanged(input.talentId, invitation.id, input.userId)),
  ]);
}

/** `admin.managers.removeInvitation`: the invitation goes; a manager it made stays a manager. */
export async function removeTalentInvitation(tx: Executor, input: { talentId: string; invitationId: string }): Promise<void> {
  await assertTalentExists(tx, input.talentId);
  const [removed] = await tx
    .delete(invitations)
    .where(and(eq(invitations.id, input.invitationId), eq(invitations.talentId, input.talentId)))
    .returning({ id: invitations.id });
  if (!removed) throw new DomainError('NOT_FOUND', 'This invitation does not exist for this talent.');
  await recordChanges(tx, [invitationChanged(input.talentId, removed.id)]);
}
