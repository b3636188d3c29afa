import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import {
  ageSchema,
  genderSchema,
  interestsSchema,
  personalityTraitsSchema,
  profilePictureUrlSchema,
  purposeSchema,
} from '../onboarding/index.ts';
import { subscriptionCentsSchema } from '../payments/subscription-price.ts';
import {
  chatPromptMaxLength,
  conversationStarterAnswerMax,
  conversationStartersMax,
  conversationStarterTextMax,
  factMaxLength,
  factsMax,
  type PriceField,
  priceLimits,
  settingsNameMax,
  talentMessages,
  welcomeMessagesMax,
  welcomeMessageTextMax,
} from './limits.ts';

/** Ids of embedded list items (welcome messages, starters): kept by the server, new ones may be sent. */
export const embeddedIdSchema = singleLineText().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Invalid id');

export const settingsNameSchema = singleLineText({ error: messages.required })
  .min(1, messages.required)
  .max(settingsNameMax, `Name must be at most ${settingsNameMax} characters`);

export const chatPromptSchema = z.string().max(chatPromptMaxLength, talentMessages.chatPromptTooLong);

export const factSchema = singleLineText()
  .min(1, messages.required)
  .max(factMaxLength, `A fact must be at most ${factMaxLength} characters`);
export const factsSchema = z.array(factSchema).max(factsMax, `Add at most ${factsMax} facts`);

/** The facts textarea (one per line) as the list the API takes: blank lines are dropped. */
export function factsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
export const factsToText = (facts: readonly string[]): string => facts.join('\n');
/** For a form holding the facts as text: parses to the same list `factsSchema` checks. */
export const factsTextSchema = z.string().transform(factsFromText).pipe(factsSchema);

function priceSchema(field: PriceField) {
  const { min, max } = priceLimits[field];
  // The form sends what was typed; '' and non-numbers become a readable error, not a crash.
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? messages.required : 'Enter a whole number of credits') })
      .int('Enter a whole number of credits')
      .min(min, `The price must be at least ${min} credit${min === 1 ? '' : 's'}`)
      .max(max, `The price must be at most ${max} credits`),
  );
}
export const creditsToSendMessageSchema = priceSchema('creditsToSendMessage');
export const creditsToUnlockImageSchema = priceSchema('creditsToUnlockImage');
export const creditsToUnlockAudioSchema = priceSchema('creditsToUnlockAudio');

export const dimensionsSchema = z.object({
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
});

/** A stored file's relative path as the upload call returns it (`talents/{id}/{purpose}/{file}`). */
export const storedFilePathSchema = singleLineText().min(1, messages.required).max(300);

/** A conversation starter; `answer` only when the twin does not answer by AI (empty means none). */
export const conversationStarterSchema = z.object({
  id: embeddedIdSchema.optional(),
  text: singleLineText({ error: messages.required })
    .min(1, messages.required)
    .max(conversationStarterTextMax, `A question must be at most ${conversationStarterTextMax} characters`),
  answer: z
    .string()
    .trim()
    .max(conversationStarterAnswerMax, `An answer must be at most ${conversationStarterAnswerMax} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export const conversationStartersSchema = z
  .array(conversationStarterSchema)
  .max(conversationStartersMax, talentMessages.conversationStartersMax);

/** A welcome message's optional image: a file uploaded for this twin (checked by the server). */
export const welcomeMessageImageSchema = z.object({ filePath: storedFilePathSchema });

export const welcomeMessageSchema = z.object({
  /** Omit for a new message; the first message's id must stay first (it cannot be removed). */
  id: embeddedIdSchema.optional(),
  text: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(welcomeMessageTextMax, `A message must be at most ${welcomeMessageTextMax} characters`),
  image: welcomeMessageImageSchema.nullish(),
});
export const welcomeMessagesSchema = z
  .array(welcomeMessageSchema)
  .max(welcomeMessagesMax, talentMessages.welcomeMessagesMax)
  .refine((list) => {
    const ids = list.map((message) => message.id).filter((id) => id !== undefined);
    return new Set(ids).size === ids.length;
  }, talentMessages.duplicateId);

// One form schema per settings page; `talent.update` takes any of their fields (docs/product-rules.md#calls).

export const profileSettingsSchema = z
  .object({
    name: settingsNameSchema,
    gender: genderSchema,
    age: ageSchema,
    hasCustomChatPrompt: z.boolean(),
    chatPrompt: chatPromptSchema,
    purpose: purposeSchema,
    personalityTraits: personalityTraitsSchema,
    interests: interestsSchema,
    facts: factsSchema,
  })
  .refine((form) => !form.hasCustomChatPrompt || form.chatPrompt.trim().length > 0, {
    message: talentMessages.chatPromptRequired,
    path: ['chatPrompt'],
  });
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const welcomeMessagesSettingsSchema = z.object({ initialChatMessages: welcomeMessagesSchema });
export type WelcomeMessagesSettings = z.infer<typeof welcomeMessagesSettingsSchema>;

export const conversationStartersSettingsSchema = z.object({ chatMessageSuggestions: conversationStartersSchema });
export type ConversationStartersSettings = z.infer<typeof conversationStartersSettingsSchema>;

export const monetisationSettingsSchema = z.object({
  creditsToSendMessage: creditsToSendMessageSchema,
  creditsToUnlockImage: creditsToUnlockImageSchema,
  creditsToUnlockAudio: creditsToUnlockAudioSchema,
});
export type MonetisationSettings = z.infer<typeof monetisationSettingsSchema>;

/** Update talent settings (docs/product-rules.md#calls): `talentId` (checked by the access tier) plus any of these. */
export const updateTalentSettingsInput = z.object({
  name: settingsNameSchema.optional(),
  gender: genderSchema.optional(),
  age: ageSchema.optional(),
  hasCustomChatPrompt: z.boolean().optional(),
  chatPrompt: chatPromptSchema.optional(),
  purpose: purposeSchema.optional(),
  personalityTraits: personalityTraitsSchema.optional(),
  interests: interestsSchema.optional(),
  facts: factsSchema.optional(),
  /** A picture stored by `files.upload` (purpose 'profile-picture') for this twin, or null. */
  profilePictureUrl: profilePictureUrlSchema.optional(),
  chatMessageSuggestions: conversationStartersSchema.optional(),
  initialChatMessages: welcomeMessagesSchema.optional(),
  creditsToSendMessage: creditsToSendMessageSchema.optional(),
  creditsToUnlockImage: creditsToUnlockImageSchema.optional(),
  creditsToUnlockAudio: creditsToUnlockAudioSchema.optional(),
  /**
   * The monthly subscription price in whole cents; the server holds it to the admins' limits. A new
   * price is a new product: fans already subscribed keep renewing at theirs (docs/payments.md).
   */
  subscriptionPriceCents: subscriptionCentsSchema.optional(),
});
export type UpdateTalentSettingsInput = z.infer<typeof updateTalentSettingsInput>;

/** "Answered by AI" starts on when no starter has an answer (docs/product-rules.md#conversation-starters). */
export const startersAnsweredByAi = (starters: ReadonlyArray<{ answer?: string | null }>): boolean =>
  starters.every((starter) => !starter.answer);
