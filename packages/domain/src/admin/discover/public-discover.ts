// The public /discover page: the twins an admin put on the discover feed, in the admin's order.
import { type Executor, publicTalents, talents } from '@doppel/db';
import type { PublicDiscoverTwin } from '@doppel/validation';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

/** At most this many twins on the page; the feed is curated by hand, so a long tail is unlikely. */
const publicDiscoverLimit = 200;

/**
 * Twins visible on the discover feed with a claimed handle (a twin without one has no chat to link
 * to), by order; the entry's name is the one shown.
 */
export async function listPublicDiscover(db: Executor): Promise<PublicDiscoverTwin[]> {
  const rows = await db
    .select({ id: publicTalents.id, name: publicTalents.name, tag: talents.tag, profilePictureUrl: talents.profilePictureUrl })
    .from(publicTalents)
    .innerJoin(talents, eq(talents.id, publicTalents.id))
    .where(and(sql`(${publicTalents.isVisibleRecord} ->> 'discoverFeed')::boolean is true`, isNotNull(talents.tag)))
    .orderBy(asc(publicTalents.order), asc(publicTalents.id))
    .limit(publicDiscoverLimit);
  return rows.map((row) => ({ ...row, tag: row.tag ?? '' }));
}
