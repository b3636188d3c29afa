// The creator's consent (docs/safety.md, Consent): that a twin's name, face and voice are their own
// or used with permission. Confirmed at the end of onboarding or later in Settings, kept with the
// time and the signed-in account, and required before a twin is published.
import { type Executor, recordChanges, talents, users } from '@doppel/db';
import type { ConsentView } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

export const consentMissingForPublishMessage =
  'This twin cannot be published until its creator confirms that its name, face and voice are theirs or used with permission (Settings).';

/** The confirmation as admins and the creator see it: when, and by which account (email, else name). */
export async function getTalentConsent(db: Executor, talentId: string): Promise<ConsentView> {
  const [row] = await db
    .select({ at: talents.consentConfirmedAt, email: users.email, name: users.name })
    .from(talents)
    .leftJoin(users, eq(users.id, talents.consentConfirmedByUserId))
    .where(eq(talents.id, talentId))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'This twin does not exist.');
  return { confirmedAt: row.at?.toISOString() ?? null, confirmedBy: row.email ?? (row.name || null) };
}

/**
 * Records the caller's confirmation on the twin they manage (the API's talent tier checked that).
 * A repeat keeps the first confirmation: it is the record of when consent was given.
 */
export async function confirmTalentConsent(
  tx: Executor,
  input: { talentId: string; userId: string; now?: Date },
): Promise<ConsentView> {
  const [row] = await tx
    .select({ at: talents.consentConfirmedAt })
    .from(talents)
    .where(eq(talents.id, input.talentId))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND', 'This twin does not exist.');
  if (!row.at) {
    await tx
      .update(talents)
      .set({ consentConfirmedAt: input.now ?? new Date(), consentConfirmedByUserId: input.userId, updatedAt: new Date() })
      .where(eq(talents.id, input.talentId));
    await recordChanges(tx, [{ entity: 'talents', rowId: input.talentId, scopes: [`talent:${input.talentId}`, 'admin'] }]);
  }
  return getTalentConsent(tx, input.talentId);
}

/** Refuses publishing (putting the twin on a discover surface) while consent is missing. */
export async function assertConsentForPublishing(db: Executor, talentId: string): Promise<void> {
  const [row] = await db.select({ at: talents.consentConfirmedAt }).from(talents).where(eq(talents.id, talentId)).limit(1);
  if (row && !row.at) throw new DomainError('INVALID', consentMissingForPublishMessage);
}
