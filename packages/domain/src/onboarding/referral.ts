import { type Executor, talents } from '@doppel/db';
import { normaliseHandle } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';

/** The talent a referral link (`/r/{tag}`) names, matched like handles are: case-insensitively. */
export async function findTalentByTag(db: Executor, rawTag: string): Promise<{ id: string; name: string } | undefined> {
  const tag = normaliseHandle(rawTag);
  if (!tag) return undefined;
  const [talent] = await db
    .select({ id: talents.id, name: talents.name })
    .from(talents)
    .where(eq(sql`lower(${talents.tag})`, tag))
    .limit(1);
  return talent;
}
