// The public /discover page: the twins an admin put on the discover feed, in the admin's order.
import { type Executor, publicTalents, talents } from '@doppel/db';
import { type PublicDiscoverTwin, pictureSrc } from '@doppel/validation';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { discoverIntro, discoverSampleQuestion } from './discover-card.ts';

/** At most this many twins on the page; the feed is curated by hand, so a long tail is unlikely. */
const publicDiscoverLimit = 200;

/**
 * Twins visible on the discover feed with a claimed handle (a twin without one has no chat to link
 * to) and not hidden from fans after a report (docs/safety.md), by order; the entry's name is the one shown. Only what a visitor opening the twin's chat
 * would see anyway leaves here: picture, first welcome words, first conversation starter.
 */
export async function listPublicDiscover(db: Executor): Promise<PublicDiscoverTwin[]> {
  const rows = await db
    .select({
      id: publicTalents.id,
      name: publicTalents.name,
      tag: talents.tag,
      picture: talents.profilePictureUrl,
      welcome: talents.initialChatMessages,
      starters: talents.chatMessageSuggestions,
    })
    .from(publicTalents)
    .innerJoin(talents, eq(talents.id, publicTalents.id))
    .where(
      and(
        sql`(${publicTalents.isVisibleRecord} ->> 'discoverFeed')::boolean is true`,
        isNotNull(talents.tag),
        isNull(talents.hiddenFromFansAt),
      ),
    )
    .orderBy(asc(publicTalents.order), asc(publicTalents.id))
    .limit(publicDiscoverLimit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tag: row.tag ?? '',
    pictureUrl: pictureSrc(row.picture) ?? null,
    intro: discoverIntro(row.welcome),
    sampleQuestion: discoverSampleQuestion(row.starters),
  }));
}
