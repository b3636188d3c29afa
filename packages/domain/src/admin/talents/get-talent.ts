import {
  defaultChatExampleCount,
  defaultLlmModelId,
  defaultLlmType,
  type Executor,
  faqs,
  talentConfigs,
  talentManagers,
  talents,
  voices,
} from '@doppel/db';
import { type AdminTalent, defaultReferralRevenueSharePpm, defaultRevenueSharePpm, ppmToShare } from '@doppel/validation';
import { asc, count, eq, isNull, or } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { fileUrl } from '../../files/visibility.ts';
import { getTalentConsent } from '../../reports/consent.ts';
import { getTalentSettings, staticAttachmentView } from '../../talent/get-settings.ts';
import { listStaticAttachments, talentNotFoundMessage } from '../../talent/load.ts';

/** The form's choices: every catalogue voice (the form shows those of the gender it sets) and the FAQs. */
async function optionsFor(db: Executor, talentId: string): Promise<AdminTalent['options']> {
  // One after the other: inside a write's transaction every query shares one connection.
  const voiceRows = await db
    .select({ id: voices.id, name: voices.name, gender: voices.gender, sampleFilePath: voices.sampleFilePath })
    .from(voices)
    .orderBy(asc(voices.position), asc(voices.name), asc(voices.id));
  const faqRows = await db
    .select({ id: faqs.id, name: faqs.name, talentId: faqs.talentId })
    .from(faqs)
    .where(or(isNull(faqs.talentId), eq(faqs.talentId, talentId)))
    .orderBy(asc(faqs.name), asc(faqs.id));
  return {
    voices: voiceRows.map((voice) => ({
      id: voice.id,
      name: voice.name,
      gender: voice.gender,
      sampleUrl: voice.sampleFilePath ? fileUrl(voice.sampleFilePath) : null,
    })),
    faqs: faqRows.map((faq) => ({ id: faq.id, name: faq.name, isOwn: faq.talentId === talentId })),
  };
}

/**
 * `admin.talents.get`: every talent and config field of docs/product-rules.md#records for the settings form, shares as
 * decimals, the gallery, the voice, links and counts, and the form's choices. The parts the
 * creator's settings screens also show come from `getTalentSettings`, so both read them alike.
 */
export async function getAdminTalent(db: Executor, talentId: string): Promise<AdminTalent> {
  const [row] = await db
    .select({ talent: talents, config: talentConfigs })
    .from(talents)
    .leftJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(talents.id, talentId))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', talentNotFoundMessage);
  const referralTalentId = row.config?.referralTalentId;
  const [referrer] = referralTalentId
    ? await db
        .select({ id: talents.id, name: talents.name, tag: talents.tag })
        .from(talents)
        .where(eq(talents.id, referralTalentId))
        .limit(1)
    : [];
  const settings = await getTalentSettings(db, talentId, '');
  const gallery = await listStaticAttachments(db, talentId);
  const managers = await db.select({ count: count() }).from(talentManagers).where(eq(talentManagers.talentId, talentId));
  const options = await optionsFor(db, talentId);
  const consent = await getTalentConsent(db, talentId);
  const { talent, config } = row;
  const voice = config?.voice ?? null;

  return {
    id: talent.id,
    name: talent.name,
    tag: talent.tag,
    profilePictureUrl: talent.profilePictureUrl,
    gender: talent.gender,
    age: talent.age,
    isAdult: talent.isAdult,
    creditsToSendMessage: talent.creditsToSendMessage,
    creditsToUnlockImage: talent.creditsToUnlockImage,
    creditsToUnlockAudio: talent.creditsToUnlockAudio,
    creditsToUnlockFirstImage: talent.creditsToUnlockFirstImage,
    subscriptionProductId: talent.subscriptionProductId,
    chatMessageForAuth: talent.chatMessageForAuth,
    chatMessageForCheckout: talent.chatMessageForCheckout,
    chatMessageForSubscription: talent.chatMessageForSubscription,
    chatMessageSuggestions: settings.chatMessageSuggestions,
    initialChatMessages: settings.initialChatMessages,
    createdAt: talent.createdAt.toISOString(),
    updatedAt: talent.updatedAt.toISOString(),
    consent,
    hiddenFromFansAt: talent.hiddenFromFansAt?.toISOString() ?? null,
    voice: voice
      ? {
          id: voice.id,
          name: voice.name,
          gender: voice.gender,
          model: voice.model,
          stability: voice.stability,
          similarityBoost: voice.similarityBoost,
          style: voice.style,
          sampleUrl: voice.sampleFilePath ? fileUrl(voice.sampleFilePath) : null,
        }
      : null,
    purpose: settings.purpose,
    personalityTraits: settings.personalityTraits,
    interests: settings.interests,
    facts: settings.facts,
    chatPrompt: settings.chatPrompt,
    hasCustomChatPrompt: settings.hasCustomChatPrompt,
    // A twin without a config row (made before Create talent made one) reads the column defaults.
    revenueShare: ppmToShare(config?.revenueSharePpm ?? defaultRevenueSharePpm),
    chatExampleCount: config?.chatExampleCount ?? defaultChatExampleCount,
    chatExamples: (config?.chatExamples ?? []).map((example) => ({
      requestText: example.requestText,
      responseText: example.responseText,
    })),
    llmType: config?.llmType ?? defaultLlmType,
    llmTemperature: config?.llmTemperature ?? 1,
    llmModelId: config?.llmModelId ?? defaultLlmModelId,
    llmFineTunedModelId: config?.llmFineTunedModelId ?? null,
    faqId: config?.faqId ?? null,
    referralTalent: referrer ?? null,
    referralRevenueShareForInviter: ppmToShare(config?.referralRevenueShareForInviterPpm ?? defaultReferralRevenueSharePpm),
    referralRevenueShareForInvitees: ppmToShare(config?.referralRevenueShareForInviteesPpm ?? defaultReferralRevenueSharePpm),
    totalPayoutAmountCents: config?.totalPayoutAmount ?? 0,
    payoutDetails: {
      accountHolderName: config?.accountHolderName ?? null,
      iban: config?.iban ?? null,
      bic: config?.bic ?? null,
      taxId: config?.taxId ?? null,
      payPalEmail: config?.payPalEmail ?? null,
    },
    staticAttachments: gallery.map((row) => ({ ...staticAttachmentView(row), filePath: row.filePath })),
    counts: {
      chats: config?.chatCount ?? 0,
      galleryItems: gallery.length,
      managers: managers[0]?.count ?? 0,
    },
    chatPath: talent.tag ? `/chat/${talent.tag}` : null,
    options,
  };
}
