// The lists of crossed boundaries, newest first: one twin's for its creator (talent.boundaryFlags),
// every twin's or one's for admins (admin.boundaryFlags). Keyset pages by (created, id): the cursor
// is the last row's id, and the next page starts strictly after that row.
import { boundaryFlags, chatMessages, type Executor, talents } from '@doppel/db';
import type { BoundaryFlagsOutput } from '@doppel/validation';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';

export async function listBoundaryFlags(
  db: Executor,
  input: { talentId?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<BoundaryFlagsOutput> {
  const ofTalent = input.talentId ? eq(boundaryFlags.talentId, input.talentId) : undefined;
  const after: SQL | undefined = input.cursor
    ? sql`(${boundaryFlags.createdAt}, ${boundaryFlags.id}) < (select f.created_at, f.id from boundary_flags f where f.id = ${input.cursor})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: boundaryFlags.id,
        chatId: boundaryFlags.chatId,
        messageId: boundaryFlags.messageId,
        talentId: boundaryFlags.talentId,
        talentName: talents.name,
        side: boundaryFlags.side,
        reason: boundaryFlags.reason,
        matched: boundaryFlags.matched,
        messageText: chatMessages.text,
        createdAt: boundaryFlags.createdAt,
      })
      .from(boundaryFlags)
      .innerJoin(talents, eq(talents.id, boundaryFlags.talentId))
      .innerJoin(chatMessages, eq(chatMessages.id, boundaryFlags.messageId))
      .where(and(ofTalent, after))
      .orderBy(desc(boundaryFlags.createdAt), desc(boundaryFlags.id))
      .limit(input.limit + 1),
    db.select({ value: count() }).from(boundaryFlags).where(ofTalent),
  ]);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: total?.value ?? 0,
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Which of these messages were refused, for the admin chat view's badge. */
export async function flaggedMessageIds(db: Executor, chatId: string): Promise<Map<string, { side: string; reason: string }>> {
  const rows = await db
    .select({ messageId: boundaryFlags.messageId, side: boundaryFlags.side, reason: boundaryFlags.reason })
    .from(boundaryFlags)
    .where(eq(boundaryFlags.chatId, chatId));
  return new Map(rows.map((row) => [row.messageId, { side: row.side, reason: row.reason }]));
}
