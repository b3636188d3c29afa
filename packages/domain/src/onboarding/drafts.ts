import { type Executor, recordChanges, talentDrafts } from '@doppel/db';
import {
  type CreateTalentDraftInput,
  deriveOnboardingStep,
  messages,
  type OnboardingState,
  type TalentDraft,
  type UpdateTalentDraftInput,
} from '@doppel/validation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import { mayOnboard, notAcceptedMessage, type OnboardingCandidate } from './access.ts';
import { unofferedInterests } from './draft-rules.ts';
import { handleTakenError, isHandleTaken, lockHandle } from './handles.ts';
import { findTalentByTag } from './referral.ts';

export type DraftRow = typeof talentDrafts.$inferSelect;

export function toTalentDraft(row: DraftRow): TalentDraft {
  return {
    id: row.id,
    name: row.name,
    profilePictureUrl: row.profilePictureUrl,
    tag: row.tag,
    gender: row.gender,
    age: row.age,
    purpose: row.purpose,
    personalityTraits: row.personalityTraits,
    interests: row.interests,
    initialChatMessageText: row.initialChatMessageText,
  };
}

/**
 * The draft and the step it resumes at. The picture is optional: once its step was saved (with
 * or without a picture, `profilePictureStepDoneAt`), the draft moves on to the handle.
 */
export function onboardingStateOf(row: DraftRow | undefined): OnboardingState {
  const draft = row ? toTalentDraft(row) : null;
  return { draft, step: deriveOnboardingStep(draft, { pictureStepDone: row?.profilePictureStepDoneAt != null }) };
}

const draftChange = (row: DraftRow) => ({ entity: 'talent_drafts', rowId: row.id, scopes: [`user:${row.userId}`] });

export const onboardingFinishedMessage = 'Onboarding is already finished.';

/** The caller's own draft (one per user), or none yet. */
export async function getOnboardingState(db: Executor, userId: string): Promise<OnboardingState> {
  const [row] = await db.select().from(talentDrafts).where(eq(talentDrafts.userId, userId)).limit(1);
  return onboardingStateOf(row);
}

/**
 * The first onboarding submit (the name step). A valid referral tag lets a user who is not yet
 * accepted onboard and is remembered on the draft; an unknown one is ignored. A second call (a
 * double click) renames the existing draft instead of failing.
 */
export async function createTalentDraft(
  tx: Executor,
  user: OnboardingCandidate & { id: string },
  input: CreateTalentDraftInput,
): Promise<OnboardingState> {
  const referral = input.referralTalentTag ? await findTalentByTag(tx, input.referralTalentTag) : undefined;
  // A creator cannot refer themselves through a twin they already run.
  const referralTalentId = referral && !user.managedTalentIds.includes(referral.id) ? referral.id : null;
  const [existing] = await tx.select({ id: talentDrafts.id }).from(talentDrafts).where(eq(talentDrafts.userId, user.id)).limit(1);
  if (!existing && !mayOnboard(user, { referred: referralTalentId !== null })) {
    throw new DomainError('FORBIDDEN', notAcceptedMessage);
  }
  const [row] = await tx
    .insert(talentDrafts)
    .values({ userId: user.id, name: input.name, referralTalentId })
    .onConflictDoUpdate({
      target: talentDrafts.userId,
      set: { name: input.name, referralTalentId: sql`coalesce(${talentDrafts.referralTalentId}, excluded.referral_talent_id)` },
      setWhere: isNull(talentDrafts.completedAt),
    })
    .returning();
  if (!row) throw new DomainError('CONFLICT', onboardingFinishedMessage);
  await recordChanges(tx, [draftChange(row)]);
  return onboardingStateOf(row);
}

/** Locks and returns the caller's draft by id; another user's draft is "not defined" to them. */
export async function lockOwnDraft(tx: Executor, userId: string, draftId: string): Promise<DraftRow> {
  const [row] = await tx
    .select()
    .from(talentDrafts)
    .where(and(eq(talentDrafts.id, draftId), eq(talentDrafts.userId, userId)))
    .for('update')
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', messages.talentIdNotDefined);
  return row;
}

const invalidPicture = 'Upload the picture again: it was not found.';

/**
 * A later onboarding submit: any step's fields (already checked by the step schemas). The server
 * also checks what a schema cannot: the handle is free, interests are offered ones, and a picture
 * is a file uploaded for this draft.
 */
export async function updateTalentDraft(
  tx: Executor,
  storage: FileStorage,
  userId: string,
  input: UpdateTalentDraftInput,
): Promise<OnboardingState> {
  const row = await lockOwnDraft(tx, userId, input.id);
  if (row.completedAt) throw new DomainError('CONFLICT', onboardingFinishedMessage);
  const { id: _id, ...fields } = input;
  const changes: Partial<typeof talentDrafts.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }

  if (fields.profilePictureUrl !== undefined) {
    const url = fields.profilePictureUrl;
    const prefix = `/files/talents/${row.id}/profile-picture/`;
    if (url !== null && url !== row.profilePictureUrl) {
      if (!url.startsWith(prefix) || !(await storage.exists(url.slice('/files/'.length)))) {
        throw new DomainError('INVALID', invalidPicture, { profilePictureUrl: [invalidPicture] });
      }
    }
    changes.profilePictureStepDoneAt = new Date();
  }
  if (fields.tag !== undefined && fields.tag !== row.tag) {
    await lockHandle(tx, fields.tag);
    if (await isHandleTaken(tx, fields.tag, userId)) throw handleTakenError();
  }
  if (fields.interests !== undefined) {
    const problems = unofferedInterests(fields.interests);
    if (problems[0]) throw new DomainError('INVALID', problems[0], { interests: problems });
  }

  if (Object.keys(changes).length === 0) return onboardingStateOf(row);
  const [updated] = await tx.update(talentDrafts).set(changes).where(eq(talentDrafts.id, row.id)).returning();
  if (!updated) throw new DomainError('NOT_FOUND', messages.talentIdNotDefined);
  await recordChanges(tx, [draftChange(updated)]);
  return onboardingStateOf(updated);
}
