// The Managers tab's lists (docs/product-rules.md#admin-back-office): a talent's managers and its invitations. Both stay short
// (a talent has a handful of managers), so they come whole, without paging.
import { type Executor, invitations, talentManagers, talents, users } from '@doppel/db';
import type { AdminManagersListOutput } from '@doppel/validation';
import { asc, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';

/** NOT_FOUND unless the talent exists; every managers use case starts here. */
export async function assertTalentExists(db: Executor, talentId: string): Promise<void> {
  const [talent] = await db.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId)).limit(1);
  if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.');
}

/** `admin.managers.list`: managers oldest first, invitations newest first. */
export async function listTalentManagers(db: Executor, talentId: string): Promise<AdminManagersListOutput> {
  await assertTalentExists(db, talentId);
  const [managers, invited] = await Promise.all([
    db
      .select({ userId: users.id, name: users.name, email: users.email, since: talentManagers.createdAt })
      .from(talentManagers)
      .innerJoin(users, eq(users.id, talentManagers.userId))
      .where(eq(talentManagers.talentId, talentId))
      .orderBy(asc(talentManagers.createdAt), asc(users.id)),
    db
      .select({
        id: invitations.id,
        email: invitations.email,
        createdAt: invitations.createdAt,
        acceptedAt: invitations.acceptedAt,
      })
      .from(invitations)
      .where(eq(invitations.talentId, talentId))
      .orderBy(desc(invitations.createdAt), desc(invitations.id)),
  ]);
  return {
    managers: managers.map((manager) => ({ ...manager, since: manager.since.toISOString() })),
    invitations: invited.map((invitation) => ({
      ...invitation,
      createdAt: invitation.createdAt.toISOString(),
      acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
    })),
  };
}
