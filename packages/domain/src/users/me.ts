import { type Executor, talentManagers, users } from '@doppel/db';
import type { Me } from '@doppel/validation';
import { eq } from 'drizzle-orm';

/** The signed-in user as the client sees it; undefined when the user no longer exists. */
export async function getMe(db: Executor, userId: string): Promise<Me | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      waitlistStatus: users.waitlistStatus,
      isAnonymous: users.isAnonymous,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return undefined;
  const managed = await db
    .select({ talentId: talentManagers.talentId })
    .from(talentManagers)
    .where(eq(talentManagers.userId, userId));
  return { ...user, managedTalentIds: managed.map((row) => row.talentId) };
}
