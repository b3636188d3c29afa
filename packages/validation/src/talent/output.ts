import { z } from 'zod';
import { genders, purposes } from '../enums.ts';
import { staticAttachmentOutput } from './gallery.ts';
import { dimensionsSchema } from './settings.ts';
import { voiceOptionOutput } from './voice.ts';

export const welcomeMessageOutput = z.object({
  id: z.string(),
  text: z.string(),
  image: z.object({ filePath: z.string(), url: z.string(), dimensions: dimensionsSchema.nullable() }).nullable(),
});

export const conversationStarterOutput = z.object({ id: z.string(), text: z.string(), answer: z.string().nullable() });

/** `talent.get`: the twin and its config as the settings screens need them. */
export const talentSettingsOutput = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  age: z.number().int().nullable(),
  creditsToSendMessage: z.number().int(),
  creditsToUnlockImage: z.number().int(),
  creditsToUnlockAudio: z.number().int(),
  /** The monthly subscription fans can buy now, in whole cents; null while the twin offers none. */
  subscriptionPriceCents: z.number().int().nullable(),
  /** What the admins let a creator charge a month, in whole cents (the App page). */
  subscriptionPriceLimits: z.object({ minCents: z.number().int(), maxCents: z.number().int() }),
  chatMessageSuggestions: z.array(conversationStarterOutput),
  initialChatMessages: z.array(welcomeMessageOutput),
  hasCustomChatPrompt: z.boolean(),
  chatPrompt: z.string(),
  purpose: z.enum(purposes).nullable(),
  personalityTraits: z.array(z.string()),
  /** Stored interests; `deprecated` marks one no longer offered (kept until the creator drops it). */
  interests: z.array(z.object({ value: z.string(), deprecated: z.boolean() })),
  facts: z.array(z.string()),
  voice: voiceOptionOutput.nullable(),
  staticAttachments: z.array(staticAttachmentOutput),
  /** `${PUBLIC_URL}/chat/${tag}`, the fan messenger. */
  shareUrl: z.string(),
  /** `${PUBLIC_URL}/r/${tag}`, the "Invite and Earn" link. */
  referralUrl: z.string(),
});
export type TalentSettings = z.infer<typeof talentSettingsOutput>;
