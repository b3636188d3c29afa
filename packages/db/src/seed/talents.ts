// The two demo twins: Mia Moreno (complete, managed by the demo creator and the admin) and
// Leo Park (referred by Mia). Plain row builders, no database access.
import type { Interest } from '@doppel/validation';
import type { staticAttachments, talentConfigs, talents } from '../schema/index.ts';
import { newId } from '../schema/index.ts';
import type { DemoVoice } from './content.ts';
import { miaChatExamples, miaFacts, voiceSamplePath } from './content.ts';

export type TalentRow = typeof talents.$inferInsert;
export type TalentConfigRow = typeof talentConfigs.$inferInsert;
export type StaticAttachmentRow = typeof staticAttachments.$inferInsert;
export type GalleryImage = { fileName: string; width: number; height: number; context: string };

export const miaGallery: GalleryImage[] = [
  { fileName: 'azores-hot-springs.jpg', width: 1080, height: 1350, context: 'sunset at the hot springs' },
  { fileName: 'ericeira-surf.jpg', width: 1350, height: 1080, context: 'surfing in Ericeira' },
  { fileName: 'rooftop-yoga.jpg', width: 1080, height: 1080, context: 'sunrise yoga on the rooftop' },
  { fileName: 'churro-the-cat.jpg', width: 1080, height: 1350, context: 'my cat Churro' },
  { fileName: 'sunday-paella.jpg', width: 1080, height: 1080, context: 'cooking paella' },
  { fileName: 'lisbon-tram-28.jpg', width: 1080, height: 1920, context: 'riding tram 28 in Lisbon' },
];

export const leoGallery: GalleryImage[] = [
  { fileName: 'deadlift-pr.jpg', width: 1080, height: 1350, context: 'deadlift at the gym' },
  { fileName: 'bukhansan-hike.jpg', width: 1350, height: 1080, context: 'hiking Bukhansan' },
];

/** Seeded pictures are addresses like uploaded ones; scripts/start.ts draws the demo files behind them. */
export const demoProfilePictureUrl = (ownerId: string) => `/files/talents/${ownerId}/profile-picture/profile.jpg`;

export const galleryPath = (talentId: string, image: GalleryImage) => `talents/${talentId}/gallery/${image.fileName}`;
export const lockedGalleryPath = (talentId: string, image: GalleryImage) =>
  `talents/${talentId}/gallery-locked/${image.fileName}`;

export function galleryRows(talentId: string, images: GalleryImage[], createdAt: Date): StaticAttachmentRow[] {
  return images.map((image, index) => ({
    id: newId(),
    talentId,
    type: 'IMAGE',
    originalFileName: `IMG_${4810 + index * 7}.JPG`,
    filePath: galleryPath(talentId, image),
    lockedFilePath: lockedGalleryPath(talentId, image),
    width: image.width,
    height: image.height,
    context: image.context,
    // One minute apart so the gallery has a stable order.
    createdAt: new Date(createdAt.getTime() + index * 60_000),
  }));
}

export const miaWelcomeText = 'Hey you! 👋 I’m Mia’s AI twin. Ask me about travel, surfing, yoga or Churro the cat 🐈';
export const leoWelcomeText = 'Yo! Leo’s AI twin here. Tell me your goal and I’ll get you moving 💪';

export function miaTalent(id: string, subscriptionProductId: string, createdAt: Date): TalentRow {
  const welcomeImage = miaGallery[5] as GalleryImage;
  return {
    id,
    name: 'Mia Moreno',
    tag: 'mia',
    profilePictureUrl: demoProfilePictureUrl(id),
    gender: 'FEMALE',
    age: 27,
    isAdult: false,
    creditsToSendMessage: 1,
    creditsToUnlockImage: 5,
    creditsToUnlockAudio: 3,
    creditsToUnlockFirstImage: 2,
    subscriptionProductId,
    chatMessageForAuth: 'Sign in so I don’t forget you 💛 It takes ten seconds.',
    chatMessageForCheckout: 'Out of credits? Grab a few more and let’s keep talking ✨',
    chatMessageForSubscription: 'Join my VIP club: more photos, voice notes and a monthly surprise 🌴',
    chatMessageSuggestions: [
      { id: newId(), text: 'Where are you right now?' },
      { id: newId(), text: 'Send me a photo from your last trip' },
      { id: newId(), text: 'What’s your paella secret?' },
    ],
    initialChatMessages: [
      { id: newId(), text: miaWelcomeText },
      {
        id: newId(),
        text: 'This is me on my way to a shoot today 🚋',
        attachments: [
          {
            type: 'IMAGE',
            filePath: galleryPath(id, welcomeImage),
            dimensions: { width: welcomeImage.width, height: welcomeImage.height },
            isUnlocked: true,
          },
        ],
      },
    ],
    createdAt,
  };
}

export function talentVoice(voice: DemoVoice) {
  return {
    id: voice.id,
    name: voice.name,
    stability: voice.stability,
    similarityBoost: voice.similarityBoost,
    style: voice.style,
    model: 'eleven_monolingual_v1',
    gender: voice.gender,
    sampleFilePath: voiceSamplePath(voice),
  };
}

const miaInterests: Interest[] = ['TRAVELING', 'PHOTOGRAPHY', 'YOGA', 'COOKING', 'SURFING'];

export function miaConfig(options: {
  id: string;
  voice: DemoVoice;
  faqId: string;
  llmFineTunedModelId: string;
  chatCount: number;
  totalPayoutAmount: number;
  createdAt: Date;
}): TalentConfigRow {
  return {
    id: options.id,
    voice: talentVoice(options.voice),
    purpose: 'BANTER',
    personalityTraits: ['SWEET', 'FUNNY', 'CASUAL'],
    interests: miaInterests,
    facts: miaFacts,
    chatPrompt: 'Use at most one emoji per message. Never promise to meet in person.',
    hasCustomChatPrompt: false,
    revenueSharePpm: 600_000,
    chatExampleCount: 5,
    chatExamples: miaChatExamples,
    llmType: 'OPENAI',
    llmTemperature: 0.9,
    llmModelId: 'gpt-3.5-turbo',
    llmFineTunedModelId: options.llmFineTunedModelId,
    faqId: options.faqId,
    referralTalentId: null,
    referralRevenueShareForInviterPpm: 30_000,
    referralRevenueShareForInviteesPpm: 30_000,
    chatCount: options.chatCount,
    totalPayoutAmount: options.totalPayoutAmount,
    accountHolderName: 'Mia Moreno García',
    iban: 'PT50000201231234567890154',
    bic: 'CGDIPTPL',
    taxId: 'PT123456789',
    payPalEmail: 'mia@miamoreno.com',
    createdAt: options.createdAt,
  };
}

export function leoTalent(id: string, createdAt: Date): TalentRow {
  return {
    id,
    name: 'Leo Park',
    tag: 'leo',
    profilePictureUrl: demoProfilePictureUrl(id),
    gender: 'MALE',
    age: 31,
    creditsToSendMessage: 2,
    creditsToUnlockImage: 6,
    creditsToUnlockAudio: 4,
    chatMessageSuggestions: [
      {
        id: newId(),
        text: 'How do I start lifting?',
        answer: 'Three full-body sessions a week, light weights, perfect form. Start today!',
      },
      { id: newId(), text: 'What do you eat in a day?', answer: 'Oats, eggs, kimchi rice bowls and way too much coffee ☕' },
    ],
    initialChatMessages: [{ id: newId(), text: leoWelcomeText }],
    createdAt,
  };
}

export function leoConfig(options: {
  id: string;
  voice: DemoVoice;
  referralTalentId: string;
  chatCount: number;
  totalPayoutAmount: number;
  createdAt: Date;
}): TalentConfigRow {
  return {
    id: options.id,
    voice: talentVoice(options.voice),
    purpose: 'EDUCATE',
    personalityTraits: ['CASUAL', 'ATTITUDE'],
    // SKIING is no longer offered: it still loads and shows as deprecated.
    interests: ['GYM', 'HIKING', 'HIP_HOP', 'VIDEO_GAMES', 'SKIING'],
    facts: [
      'Personal trainer in Seoul and Los Angeles',
      'Competed in powerlifting for five years',
      'Plays League of Legends to relax',
    ],
    chatPrompt: 'Always end with one concrete, actionable tip.',
    hasCustomChatPrompt: true,
    chatExamples: [
      { requestText: 'I skipped the gym today', responseText: 'Happens. Ten push-ups right now and we call it a win 💪' },
      {
        requestText: 'how do I lose belly fat',
        responseText: 'You can’t spot-reduce. Eat a bit less, lift, walk 8k steps. Boring, works.',
      },
    ],
    referralTalentId: options.referralTalentId,
    chatCount: options.chatCount,
    totalPayoutAmount: options.totalPayoutAmount,
    payPalEmail: 'leo@leopark.fit',
    createdAt: options.createdAt,
  };
}
