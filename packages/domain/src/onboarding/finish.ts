import {
  appConfigs,
  defaultAppId,
  type Executor,
  newId,
  recordChanges,
  talentConfigs,
  talentDrafts,
  talentManagers,
  talents,
  users,
  violatedUniqueConstraint,
} from '@doppel/db';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { mayOnboard, notAcceptedMessage, type OnboardingCandidate } from './access.ts';
import { assertDraftComplete } from './draft-rules.ts';
import { lockOwnDraft, toTalentDraft } from './drafts.ts';
import { handleTakenError, isHandleTaken, lockHandle } from './handles.ts';

/**
 * Turns the caller's draft into a live twin, all in the caller's transaction: the talent (default
 * prices, adult, the caller's consent confirmation), its config (60 % share, referral shares from the app config, the inviter), the
 * greeting as its first welcome message, the caller as manager, and the draft marked completed.
 * Idempotent: the draft row is locked, so a repeated or concurrent finish returns the same talent.
 */
export async function finishOnboarding(
  tx: Executor,
  user: OnboardingCandidate & { id: string },
  draftId: string,
  /** When the creator ticked the consent confirmation (the schema requires it; docs/safety.md). */
  consent: { confirmedAt: Date },
): Promise<{ talentId: string }> {
  const row = await lockOwnDraft(tx, user.id, draftId);
  if (row.completedAt) {
    if (row.talentId) return { talentId: row.talentId };
    throw new DomainError('CONFLICT', 'This onboarding was finished, but its twin no longer exists.');
  }
  if (!mayOnboard(user, { referred: row.referralTalentId !== null })) throw new DomainError('FORBIDDEN', notAcceptedMessage);
  const draft = toTalentDraft(row);
  assertDraftComplete(draft);
  // assertDraftComplete proved these are set; the non-null reads below rely on it.
  const tag = draft.tag as string;
  await lockHandle(tx, tag);
  if (await isHandleTaken(tx, tag, user.id)) throw handleTakenError();

  const [config] = await tx
    .select({ referralRevenueSharePpm: appConfigs.referralRevenueSharePpm })
    .from(appConfigs)
    .where(eq(appConfigs.id, defaultAppId))
    .limit(1);
  // Without an app config row the column defaults (3 %) apply.
  const referralShares = config
    ? {
        referralRevenueShareForInviterPpm: config.referralRevenueSharePpm,
        referralRevenueShareForInviteesPpm: config.referralRevenueSharePpm,
      }
    : {};

  let talentId: string;
  try {
    const [talent] = await tx
      .insert(talents)
      .values({
        name: draft.name,
        tag,
        profilePictureUrl: draft.profilePictureUrl,
        gender: draft.gender,
        age: draft.age,
        isAdult: true,
        consentConfirmedAt: consent.confirmedAt,
        consentConfirmedByUserId: user.id,
        initialChatMessages: [{ id: newId(), text: draft.initialChatMessageText as string }],
      })
      .returning({ id: talents.id });
    if (!talent) throw new Error('inserting the talent returned no row');
    talentId = talent.id;
  } catch (error) {
    if (violatedUniqueConstraint(error) !== undefined) throw handleTakenError();
    throw error;
  }
  await tx.insert(talentConfigs).values({
    id: talentId,
    purpose: draft.purpose,
    personalityTraits: draft.personalityTraits,
    interests: draft.interests,
    referralTalentId: row.referralTalentId,
    ...referralShares,
  });
  await tx.insert(talentManagers).values({ userId: user.id, talentId });
  await tx.update(talentDrafts).set({ completedAt: new Date(), talentId }).where(eq(talentDrafts.id, row.id));
  // A referral link is the invitation: the creator it brought in is accepted.
  if (row.referralTalentId) await tx.update(users).set({ waitlistStatus: 'ACCEPTED' }).where(eq(users.id, user.id));

  await recordChanges(tx, [
    { entity: 'talents', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] },
    { entity: 'talent_configs', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] },
    { entity: 'users', rowId: user.id, scopes: [`user:${user.id}`, 'admin'] },
    { entity: 'talent_drafts', rowId: row.id, scopes: [`user:${user.id}`] },
  ]);
  return { talentId };
}
