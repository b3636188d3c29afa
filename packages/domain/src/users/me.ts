import { type Executor, talentManagers, users } from '@doppel/db';
import type { Me } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';

/** The columns of `Me`, selected from `users` (also joined to the session on every request). */
export const meColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  waitlistStatus: users.waitlistStatus,
  isAnonymous: users.isAnonymous,
  managedTalentIds: sql<string[]>`coalesce(
    (select array_agg(${talentManagers.talentId} order by ${talentManagers.createdAt})
     from ${talentManagers} where ${talentManagers.userId} = ${users.id}),
    '{}'::text[])`,
};

/** The signed-in user as the client sees it; undefined when the user no longer exists. */
export async function getMe(db: Executor, userId: string): Promise<Me | undefined> {
  const [user] = await db.select(meColumns).from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
