import {
  type Executor,
  faqs,
  staticAttachments,
  type TalentVoice,
  talentConfigs,
  talents,
  violatedUniqueConstraint,
  voices,
} from '@doppel/db';
import { type AdminTalentUpdateInput, adminTalentMessages, noVoiceId, shareToPpm } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { handleTakenError, isHandleTaken, lockHandle } from '../../onboarding/handles.ts';
import type { FileStorage } from '../../ports/file-storage.ts';
import type { ImageProcessing } from '../../ports/images.ts';
import { recordTalentChange } from '../../talent/changes.ts';
import { listStaticAttachments, loadTalent } from '../../talent/load.ts';
import { updateTalentSettings } from '../../talent/update-settings.ts';

type Problems = Record<string, string[]>;

/**
 * The voice to store for `voiceId`: none for '' ("No voice"); the stored copy when it is the voice
 * the twin already has (its tuned settings survive, even if the catalogue dropped it); else a copy
 * of the catalogue voice, of any gender. Undefined when the catalogue has no such voice.
 */
async function voiceFor(tx: Executor, voiceId: string, current: TalentVoice | null): Promise<TalentVoice | null | undefined> {
  if (voiceId === noVoiceId) return null;
  if (current?.id === voiceId) return current;
  const [chosen] = await tx.select().from(voices).where(eq(voices.id, voiceId)).limit(1);
  if (!chosen) return undefined;
  return {
    id: chosen.id,
    name: chosen.name,
    stability: chosen.stability,
    similarityBoost: chosen.similarityBoost,
    style: chosen.style,
    model: chosen.model,
    gender: chosen.gender,
    sampleFilePath: chosen.sampleFilePath,
  };
}

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
 * `admin.talents.update` (spec 7 "Update talent (admin)"): every talent and config setting at once,
 * in the caller's transaction, so a refused update changes nothing. The schema checked each
 * field; this checks what needs the database: the tag is free (the onboarding handle rule), the
 * voice is in the catalogue, the FAQ is listed, the images are this twin's. The creator-editable
 * part (name, prompt, persona, starters, welcome messages, prices) goes through the creator's own
 * `updateTalentSettings`, so both sides keep the same rules (offered interests, the first welcome
 * message kept, welcome images from this twin's files). Change events reach the twin's managers
 * (`talent:{id}`) and the admin views.
 */
export async function updateAdminTalent(
  tx: Executor,
  storage: FileStorage,
  images: ImageProcessing,
  input: AdminTalentUpdateInput,
): Promise<void> {
  const { talentId } = input;
  const { talent, config } = await loadTalent(tx, talentId, { lock: true });
  const problems: Problems = {};

  const tagChanged = input.tag !== talent.tag?.toLowerCase();
  if (tagChanged) {
    await lockHandle(tx, input.tag);
    // '' is nobody's user id: an unfinished onboarding draft of any creator holds its handle.
    if (await isHandleTaken(tx, input.tag, '')) problems.tag = [adminTalentMessages.tagTaken];
  }
  const voice = await voiceFor(tx, input.voiceId, config.voice);
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

  await updateTalentSettings(tx, storage, images, talentId, {
    name: input.name,
    hasCustomChatPrompt: input.hasCustomChatPrompt,
    chatPrompt: input.chatPrompt,
    personalityTraits: input.personalityTraits,
    interests: input.interests,
    facts: input.facts,
    chatMessageSuggestions: input.chatMessageSuggestions,
    initialChatMessages: input.initialChatMessages,
    creditsToSendMessage: input.creditsToSendMessage,
    creditsToUnlockImage: input.creditsToUnlockImage,
    creditsToUnlockAudio: input.creditsToUnlockAudio,
  });

  const changedImages = input.staticAttachments.filter((item) => stored.get(item.id)?.context !== item.context);
  for (const item of changedImages) {
    await tx
      .update(staticAttachments)
      .set({ context: item.context })
      .where(and(eq(staticAttachments.id, item.id), eq(staticAttachments.talentId, talentId)));
  }
  // updateTalentSettings, given fields of both rows, recorded the talents and talent_configs changes.
  if (changedImages.length > 0) {
    await recordTalentChange(
      tx,
      talentId,
      changedImages.map((item) => ({ entity: 'static_attachments' as const, rowId: item.id })),
    );
  }
}
