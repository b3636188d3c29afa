import type { Executor, InitialChatMessage, TalentVoice } from '@doppel/db';
import { isOfferedInterest, type StaticAttachmentView, type TalentSettings, type VoiceOption } from '@doppel/validation';
import { fileUrl } from '../files/visibility.ts';
import { currentSubscriptionCents, subscriptionPriceLimits } from '../payments/subscription-price.ts';
import { referralUrlOf, shareUrlOf } from './links.ts';
import { listStaticAttachments, loadTalent, type StaticAttachmentRow } from './load.ts';

export const voiceView = (voice: Pick<TalentVoice, 'id' | 'name' | 'gender' | 'sampleFilePath'>): VoiceOption => ({
  id: voice.id,
  name: voice.name,
  gender: voice.gender,
  sampleUrl: voice.sampleFilePath ? fileUrl(voice.sampleFilePath) : null,
});

export const staticAttachmentView = (row: StaticAttachmentRow): StaticAttachmentView => ({
  id: row.id,
  url: fileUrl(row.filePath),
  lockedUrl: row.lockedFilePath ? fileUrl(row.lockedFilePath) : null,
  width: row.width,
  height: row.height,
  context: row.context,
  originalFileName: row.originalFileName,
});

/** A welcome message with its (at most one) image, as the settings form edits it. */
function welcomeView(message: InitialChatMessage): TalentSettings['initialChatMessages'][number] {
  const image = message.attachments?.find((attachment) => attachment.type === 'IMAGE');
  return {
    id: message.id,
    text: message.text,
    image:
      image && image.type === 'IMAGE'
        ? { filePath: image.filePath, url: fileUrl(image.filePath), dimensions: image.dimensions ?? null }
        : null,
  };
}

/** `talent.get`: the twin and its config as the settings screens need them (managers only). */
export async function getTalentSettings(db: Executor, talentId: string, publicUrl: string): Promise<TalentSettings> {
  const { talent, config } = await loadTalent(db, talentId);
  const [gallery, subscriptionPriceCents, limits] = await Promise.all([
    listStaticAttachments(db, talentId),
    currentSubscriptionCents(db, talent.subscriptionProductId),
    subscriptionPriceLimits(db),
  ]);
  return {
    id: talent.id,
    name: talent.name,
    tag: talent.tag,
    profilePictureUrl: talent.profilePictureUrl,
    gender: talent.gender,
    age: talent.age,
    creditsToSendMessage: talent.creditsToSendMessage,
    creditsToUnlockImage: talent.creditsToUnlockImage,
    creditsToUnlockAudio: talent.creditsToUnlockAudio,
    subscriptionPriceCents,
    subscriptionPriceLimits: limits,
    chatMessageSuggestions: talent.chatMessageSuggestions.map((starter) => ({
      id: starter.id,
      text: starter.text,
      answer: starter.answer ? starter.answer : null,
    })),
    initialChatMessages: talent.initialChatMessages.map(welcomeView),
    hasCustomChatPrompt: config.hasCustomChatPrompt,
    chatPrompt: config.chatPrompt,
    purpose: config.purpose,
    personalityTraits: config.personalityTraits,
    interests: config.interests.map((value) => ({ value, deprecated: !isOfferedInterest(value) })),
    facts: config.facts,
    voice: config.voice ? voiceView(config.voice) : null,
    staticAttachments: gallery.map(staticAttachmentView),
    shareUrl: shareUrlOf(publicUrl, talent.tag),
    referralUrl: referralUrlOf(publicUrl, talent.tag),
  };
}
