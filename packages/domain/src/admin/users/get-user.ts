// The admin user detail (docs/product-rules.md#admin-back-office): basic data, test groups, managed talents, waitlist, credits.
import { type Executor, talentManagers, talents, users } from '@doppel/db';
import type { AdminUserDetail } from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { adminUserRowColumns, toAdminUserRow } from './list-users.ts';

/** `admin.users.get`: one user with the talents they manage; NOT_FOUND for an unknown user. */
export async function getAdminUser(db: Executor, userId: string): Promise<AdminUserDetail> {
  const [[row], managed] = await Promise.all([
    db
      .select({
        ...adminUserRowColumns,
        lastActiveAt: users.lastActiveAt,
        testGroupRecord: users.testGroupRecord,
        waitlistPlatform: users.waitlistPlatform,
        instagram: users.instagram,
        tiktok: users.tiktok,
        x: users.x,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ id: talents.id, name: talents.name, tag: talents.tag, profilePictureUrl: talents.profilePictureUrl })
      .from(talentManagers)
      .innerJoin(talents, eq(talents.id, talentManagers.talentId))
      .where(eq(talentManagers.userId, userId))
      .orderBy(asc(talentManagers.createdAt), asc(talents.id)),
  ]);
  if (!row) throw new DomainError('NOT_FOUND', 'This user does not exist.');
  return {
    ...toAdminUserRow(row),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    testGroupRecord: row.testGroupRecord,
    waitlistPlatform: row.waitlistPlatform,
    instagram: row.instagram,
    tiktok: row.tiktok,
    x: row.x,
    managedTalents: managed,
  };
}
