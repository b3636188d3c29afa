import { type Executor, talents } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { talentNotFoundMessage } from '../../talent/load.ts';

/** NOT_FOUND for an unknown talent, so a tab never shows an empty list for a mistyped id. */
export async function assertTalentExists(db: Executor, talentId: string): Promise<void> {
  const [talent] = await db.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId)).limit(1);
  if (!talent) throw new DomainError('NOT_FOUND', talentNotFoundMessage);
}
