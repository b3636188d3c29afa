import { type Executor, faqs, staticAttachments, talentConfigs, talents, violatedUniqueConstraint } from '@doppel/db';
import { type AdminTalentUpdateInput, adminTalentMessages, shareToPpm } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { handleTakenError, isHandleTaken, lockHandle } from '../onboarding/handles.ts';
import { recordTalentChange } from './changes.ts';
import { listStaticAttachments, loadTalent } from './load.ts';
import { voiceSnapshotFor } from './voice-snapshot.ts';

type Problems = Record<string, string[]>;

/** A global FAQ or the twin's own may be its FAQ. */
async function isListedFaq(tx: Executor, faqId: string, talentId: string): Promise<boolean> {
  const [faq] = await tx.select({ talentId: faqs.talentId }).from(faqs).where(eq(faqs.id, faqId)).limit(1);
  return faq !== undefined && (faq.talentId === null || faq.talentId === talentId);
}

/** Throws every problem found at once; a taken tag alone is the onboarding's CONFLICT. */
function throwProblems(problems: Problems): void {
  const fields = Object.keys(problems);
  if (fields.length === 0) return;
  if (fields.length === 1 && fields[0] === 'tag') throw handleTakenError();
  const first = Object.values(problems).flat()[0] ?? adminTalentMessages.required;
  throw new DomainError('INVALID', first, problems);
}

/**
 * The admin's extra powers in `updateTalent` (update-talent.ts): the tag, the voice, the model
 * and revenue settings, the FAQ, the system chat messages and the gallery image contexts. The
 * schema checked each field; this checks what needs the database: the tag is free (the
 * onboarding handle rule), the voice follows the one voice rule for the new gender
 * (voice-snapshot.ts), the FAQ is listed, the images are this twin's. Every problem is reported
 * at once, before anything is written.
 */
export async function applyAdminChanges(tx: Executor, talentId: string, input: AdminTalentUpdateInput): Promise<void> {
  const { talent, config } = await loadTalent(tx, talentId, { lock: true });
  const problems: Problems = {};

  const tagChanged = input.tag !== talent.tag?.toLowerCase();
  if (tagChanged) {
    await lockHandle(tx, input.tag);
    // '' is nobody's user id: an unfinished onboarding draft of any creator holds its handle.
    if (await isHandleTaken(tx, input.tag, '')) problems.tag = [adminTalentMessages.tagTaken];
  }
  const voice = await voiceSnapshotFor(tx, input.voiceId, { gender: input.gender, current: config.voice });
  if (voice === undefined) problems.voiceId = [adminTalentMessages.voiceNotListed];
  if (input.faqId && !(await isListedFaq(tx, input.faqId, talentId))) problems.faqId = [adminTalentMessages.faqNotListed];
  const stored = new Map((await listStaticAttachments(tx, talentId)).map((row) => [row.id, row]));
  if (input.staticAttachments.some((item) => !stored.has(item.id))) {
    problems.staticAttachments = [adminTalentMessages.attachmentNotFound];
  }
  throwProblems(problems);

  const configChanges = {
    voice: voice ?? null,
    purpose: input.purpose,
    revenueSharePpm: shareToPpm(input.revenueShare),
    chatExampleCount: input.chatExampleCount,
    chatExamples: input.chatExamples.map((example) => ({
      requestText: example.requestText,
      responseText: example.responseText,
    })),
    llmType: input.llmType,
    llmTemperature: input.llmTemperature,
    llmModelId: input.llmModelId,
    llmFineTunedModelId: input.llmFineTunedModelId,
    faqId: input.faqId,
    referralRevenueShareForInviterPpm: shareToPpm(input.referralRevenueShareForInviter),
    referralRevenueShareForInviteesPpm: shareToPpm(input.referralRevenueShareForInvitees),
  };
  // A twin made before Create talent made a config row gets one now.
  await tx
    .insert(talentConfigs)
    .values({ id: talentId, ...configChanges })
    .onConflictDoUpdate({ target: talentConfigs.id, set: configChanges });

  try {
    await tx
      .update(talents)
      .set({
        tag: input.tag,
        gender: input.gender,
        age: input.age,
        isAdult: input.isAdult,
        creditsToUnlockFirstImage: input.creditsToUnlockFirstImage,
        subscriptionProductId: input.subscriptionProductId,
        chatMessageForAuth: input.chatMessageForAuth,
        chatMessageForCheckout: input.chatMessageForCheckout,
        chatMessageForSubscription: input.chatMessageForSubscription,
      })
      .where(eq(talents.id, talentId));
  } catch (error) {
    // A handle claimed without the advisory lock still meets the unique index.
    if (violatedUniqueConstraint(error) !== undefined) throw handleTakenError();
    throw error;
  }

  const changedImages = input.staticAttachments.filter((item) => stored.get(item.id)?.context !== item.context);
  for (const item of changedImages) {
    await tx
      .update(staticAttachments)
      .set({ context: item.context })
      .where(and(eq(staticAttachments.id, item.id), eq(staticAttachments.talentId, talentId)));
  }
  // The settings part, given fields of both rows, records the talents and talent_configs changes.
  if (changedImages.length > 0) {
    await recordTalentChange(
      tx,
      talentId,
      changedImages.map((item) => ({ entity: 'static_attachments' as const, rowId: item.id })),
    );
  }
}
