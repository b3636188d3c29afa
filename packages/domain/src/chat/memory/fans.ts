// The creator's "Fan memory" screen: a page of the twin's fans who have notes, each with their
// notes, newest learnt first. Only a manager of that twin; a fan is named by their display name,
// never their email (the twin's creator sees what the twin remembers, not the fan's account).
import { chats, type Executor, fanMemories, users } from '@doppel/db';
import type { FanMemoryView, TalentMemoryFansOutput } from '@doppel/validation';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../../access/scopes.ts';
import { decodeCursor, encodeCursor } from '../../admin/paging.ts';
import { DomainError } from '../../errors.ts';

// Fans are ordered by their newest note; the fan's id breaks ties. The cursor carries that pair as
// the admin lists' cursors do, so a forged or foreign cursor is refused rather than misread.
const sort = { key: 'fan-memory-fans', kind: 'timestamp' } as const;

export async function listTalentMemoryFans(
  db: Executor,
  viewer: Viewer,
  input: { talentId: string; cursor?: string | undefined; limit: number },
): Promise<TalentMemoryFansOutput> {
  if (!managesTalent(viewer, input.talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
  const fans = db
    .select({
      userId: fanMemories.userId,
      lastAt: sql<string>`max(${fanMemories.createdAt})`.as('last_at'),
    })
    .from(fanMemories)
    .where(eq(fanMemories.talentId, input.talentId))
    .groupBy(fanMemories.userId)
    .as('fans');
  const position = input.cursor ? decodeCursor(input.cursor, sort) : undefined;
  const after: SQL | undefined = position
    ? sql`(${fans.lastAt}, ${fans.userId}) < (${position.value}::timestamptz, ${position.id})`
    : undefined;
  const rows = await db
    .select({
      userId: fans.userId,
      sortValue: sql<string>`to_char(${fans.lastAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      chatId: chats.id,
      name: users.name,
      isAnonymous: users.isAnonymous,
    })
    .from(fans)
    // One chat per fan and twin (chats_user_talent_unique): the name the other calls take.
    .innerJoin(chats, and(eq(chats.userId, fans.userId), eq(chats.talentId, input.talentId)))
    .innerJoin(users, eq(users.id, fans.userId))
    .where(after)
    .orderBy(desc(fans.lastAt), desc(fans.userId))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const notes = await loadNotesOf(
    db,
    input.talentId,
    page.map((row) => row.userId),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      chatId: row.chatId,
      fan: { id: row.userId, name: row.name.trim(), isAnonymous: row.isAnonymous },
      lastLearntAt: new Date(row.sortValue).toISOString(),
      memories: notes.get(row.userId) ?? [],
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor(sort.key, { value: last.sortValue, id: last.userId }) : null,
  };
}

/** The notes of these fans with the twin, newest first, per fan. */
async function loadNotesOf(db: Executor, talentId: string, userIds: string[]): Promise<Map<string, FanMemoryView[]>> {
  const byFan = new Map<string, FanMemoryView[]>();
  if (userIds.length === 0) return byFan;
  const rows = await db
    .select()
    .from(fanMemories)
    .where(and(eq(fanMemories.talentId, talentId), inArray(fanMemories.userId, userIds)))
    .orderBy(desc(fanMemories.createdAt), desc(fanMemories.id));
  for (const row of rows) {
    const list = byFan.get(row.userId) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    byFan.set(row.userId, list);
  }
  return byFan;
}
