import { type Executor, talentDrafts, talents } from '@doppel/db';
import { handleMessages, handleSchema } from '@doppel/validation';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

/**
 * Serialises claims of one handle until the transaction ends, so two creators checking the same
 * free handle at the same moment cannot both keep it (drafts have no unique index on tag: an
 * abandoned draft must not block a handle forever, and a finished one is covered by talents').
 */
export async function lockHandle(tx: Executor, tag: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`handle:${tag}`}))`);
}

/** Is the (normalised) handle used by a talent, or by another user's unfinished draft? */
export async function isHandleTaken(db: Executor, tag: string, userId: string): Promise<boolean> {
  const [talent] = await db
    .select({ id: talents.id })
    .from(talents)
    .where(eq(sql`lower(${talents.tag})`, tag))
    .limit(1);
  if (talent) return true;
  const [draft] = await db
    .select({ id: talentDrafts.id })
    .from(talentDrafts)
    .where(and(eq(sql`lower(${talentDrafts.tag})`, tag), ne(talentDrafts.userId, userId), isNull(talentDrafts.completedAt)))
    .limit(1);
  return draft !== undefined;
}

export const handleTakenError = () => new DomainError('CONFLICT', handleMessages.taken, { tag: [handleMessages.taken] });

/** The handle step's live check: the rule first, then whether someone else has it. */
export async function checkHandle(
  db: Executor,
  rawTag: string,
  userId: string,
): Promise<{ available: boolean; message: string | null }> {
  const parsed = handleSchema.safeParse(rawTag);
  if (!parsed.success) return { available: false, message: parsed.error.issues[0]?.message ?? handleMessages.characters };
  if (await isHandleTaken(db, parsed.data, userId)) return { available: false, message: handleMessages.taken };
  return { available: true, message: null };
}
