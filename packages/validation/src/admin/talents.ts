// The admin back-office Talents section (admin.talents.*, docs/product-rules.md#admin-back-office, #admin-forms, #calls): the list with its search
// and sorts, Create talent, and the one settings form that edits every talent and config field.
// The settings form validates with `adminTalentUpdateInput` too, so the screen and the server show
// the same messages.
import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { genders, llmTypes, personalityTraits, purposes } from '../enums.ts';
import { handleSchema } from '../onboarding/handle.ts';
import { interestsMax, personalityTraitsMax } from '../onboarding/index.ts';
import { consentOutput } from '../reports/index.ts';
import { staticAttachmentOutput } from '../talent/gallery.ts';
import { conversationStarterOutput, welcomeMessageOutput } from '../talent/output.ts';
import {
  chatPromptSchema,
  conversationStartersSchema,
  factsSchema,
  settingsNameSchema,
  welcomeMessagesSchema,
} from '../talent/settings.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';
import {
  adminAgeSchema,
  adminChatExampleSchema,
  adminChatExamplesMax,
  adminChatMessageTextMax,
  adminModelIdMax,
  adminShareSchema,
  adminStaticAttachmentSchema,
  adminTalentMessages,
  chatExampleCountSchema,
  optionalLine,
  optionalText,
  priceSchema,
  requiredLine,
  temperatureSchema,
} from './talent-fields.ts';

// The fields' public names, through this section's entry.
export {
  type AdminChatExample,
  adminAgeSchema,
  adminChatExampleSchema,
  adminChatExamplesMax,
  adminChatExampleTextMax,
  adminChatMessageTextMax,
  adminModelIdMax,
  adminPriceMax,
  adminShareSchema,
  adminStaticAttachmentSchema,
  adminTalentMessages,
  adminTemperatureMax,
  isShareStep,
  ppmToShare,
  shareStep,
  shareToPpm,
} from './talent-fields.ts';

// ---- admin.talents.list ----

/** Chats: most chats first. Created At: newest first. Both descending, keyed by the id. */
export const adminTalentSorts = ['chats', 'createdAt'] as const;
export type AdminTalentSort = (typeof adminTalentSorts)[number];
export const defaultAdminTalentSort: AdminTalentSort = 'chats';
export const adminTalentSearchMax = 100;
export const adminTalentConsentFilters = ['all', 'missing'] as const;
export type AdminTalentConsentFilter = (typeof adminTalentConsentFilters)[number];

export const adminTalentsListInput = adminListInput({
  /** Part of the name, any case; empty lists every talent. */
  search: singleLineText().max(adminTalentSearchMax).default(''),
  sort: z.enum(adminTalentSorts).default(defaultAdminTalentSort),
  /** `missing`: only twins whose creator has not confirmed consent (docs/safety.md). */
  consent: z.enum(adminTalentConsentFilters).default('all'),
});
export type AdminTalentsListInput = z.input<typeof adminTalentsListInput>;

export const adminTalentListItemOutput = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
  chatCount: z.number().int(),
  /** Any image in the gallery (static attachments): the list's camera emoji. */
  hasGalleryItems: z.boolean(),
  /** A voice is set: the list's microphone emoji. */
  hasVoice: z.boolean(),
  /** When consent was confirmed (ISO 8601); null while missing. */
  consentConfirmedAt: z.iso.datetime().nullable(),
});
export type AdminTalentListItem = z.infer<typeof adminTalentListItemOutput>;

export const adminTalentsListOutput = adminListOutput(adminTalentListItemOutput);
export type AdminTalentsListOutput = z.infer<typeof adminTalentsListOutput>;

// ---- admin.talents.create ----

/** Create talent (admin, docs/product-rules.md#calls): a non-empty name ("Required"). */
export const adminTalentCreateInput = z.object({ name: settingsNameSchema });
export type AdminTalentCreateInput = z.infer<typeof adminTalentCreateInput>;
export const adminTalentCreateOutput = z.object({ id: z.string() });

// ---- admin.talents.get ----

export const adminTalentGetInput = z.object({ talentId: adminId('Talent ID') });

export const adminTalentVoiceOutput = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.enum(genders),
  model: z.string(),
  stability: z.number(),
  similarityBoost: z.number(),
  style: z.number(),
  sampleUrl: z.string().nullable(),
});

/** Every talent and config field of docs/product-rules.md#records, shares as decimals, plus what the form offers. */
export const adminTalentOutput = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  age: z.number().int().nullable(),
  isAdult: z.boolean(),
  creditsToSendMessage: z.number().int(),
  creditsToUnlockImage: z.number().int(),
  creditsToUnlockAudio: z.number().int(),
  creditsToUnlockFirstImage: z.number().int().nullable(),
  subscriptionProductId: z.string().nullable(),
  chatMessageForAuth: z.string().nullable(),
  chatMessageForCheckout: z.string().nullable(),
  chatMessageForSubscription: z.string().nullable(),
  chatMessageSuggestions: z.array(conversationStarterOutput),
  initialChatMessages: z.array(welcomeMessageOutput),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The creator's consent confirmation (docs/safety.md); read-only here. */
  consent: consentOutput,
  /** When an admin hid the twin from fans after a report; null while fans see it. */
  hiddenFromFansAt: z.iso.datetime().nullable(),
  voice: adminTalentVoiceOutput.nullable(),
  purpose: z.enum(purposes).nullable(),
  personalityTraits: z.array(z.string()),
  interests: z.array(z.object({ value: z.string(), deprecated: z.boolean() })),
  facts: z.array(z.string()),
  chatPrompt: z.string(),
  hasCustomChatPrompt: z.boolean(),
  revenueShare: z.number(),
  chatExampleCount: z.number().int(),
  chatExamples: z.array(z.object({ requestText: z.string(), responseText: z.string() })),
  llmType: z.enum(llmTypes),
  llmTemperature: z.number(),
  llmModelId: z.string(),
  llmFineTunedModelId: z.string().nullable(),
  faqId: z.string().nullable(),
  referralTalent: z.object({ id: z.string(), name: z.string(), tag: z.string().nullable() }).nullable(),
  referralRevenueShareForInviter: z.number(),
  referralRevenueShareForInvitees: z.number(),
  /** Sum of pending and executed payouts, in cents (USD). */
  totalPayoutAmountCents: z.number().int(),
  payoutDetails: z.object({
    accountHolderName: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    taxId: z.string().nullable(),
    payPalEmail: z.string().nullable(),
  }),
  /** The gallery; `filePath` is what a welcome message's image refers to. */
  staticAttachments: z.array(staticAttachmentOutput.extend({ filePath: z.string() })),
  counts: z.object({ chats: z.number().int(), galleryItems: z.number().int(), managers: z.number().int() }),
  /** The fan messenger's path (/chat/{tag}); null until the talent has a tag. */
  chatPath: z.string().nullable(),
  /** Choices of the form: the catalogue voices and the FAQs (global ones and this talent's own). */
  options: z.object({
    voices: z.array(z.object({ id: z.string(), name: z.string(), gender: z.enum(genders), sampleUrl: z.string().nullable() })),
    faqs: z.array(z.object({ id: z.string(), name: z.string(), isOwn: z.boolean() })),
  }),
});
export type AdminTalent = z.infer<typeof adminTalentOutput>;

// ---- admin.talents.update ----

/**
 * Update talent (admin, docs/product-rules.md#calls): every talent and config setting at once. The admin rules of docs/product-rules.md#admin-forms:
 * name and tag non-empty (the tag follows the onboarding handle rule and must be free), age a
 * whole number above 0 or none, prices whole credits from 0, shares 0 to 1 in steps of 0.001,
 * temperature at least 0, chat examples and welcome messages with text, image contexts of 3 to
 * 40 characters. `creditsToUnlockFirstImage` is null when the offer is off; starters carry
 * answers only when they are not answered by AI; `voiceId` '' is "No voice", `faqId` null none.
 */
export const adminTalentUpdateInput = z
  .object({
    talentId: adminId('Talent ID'),
    name: settingsNameSchema,
    tag: handleSchema,
    gender: z.enum(genders, { error: messages.required }).nullable(),
    age: adminAgeSchema,
    isAdult: z.boolean(),
    creditsToSendMessage: priceSchema,
    creditsToUnlockImage: priceSchema,
    creditsToUnlockAudio: priceSchema,
    creditsToUnlockFirstImage: priceSchema.nullable(),
    subscriptionProductId: optionalLine(adminModelIdMax),
    chatMessageForAuth: optionalText(adminChatMessageTextMax),
    chatMessageForCheckout: optionalText(adminChatMessageTextMax),
    chatMessageForSubscription: optionalText(adminChatMessageTextMax),
    chatMessageSuggestions: conversationStartersSchema,
    initialChatMessages: welcomeMessagesSchema,
    voiceId: singleLineText().max(100),
    purpose: z.enum(purposes, { error: messages.required }).nullable(),
    personalityTraits: z.array(z.enum(personalityTraits)).max(personalityTraitsMax, messages.selectAtMost(personalityTraitsMax)),
    interests: z.array(singleLineText().min(1).max(50)).max(interestsMax, messages.selectAtMost(interestsMax)),
    facts: factsSchema,
    chatPrompt: chatPromptSchema,
    hasCustomChatPrompt: z.boolean(),
    revenueShare: adminShareSchema,
    chatExampleCount: chatExampleCountSchema,
    chatExamples: z.array(adminChatExampleSchema).max(adminChatExamplesMax, adminTalentMessages.chatExamplesMax),
    llmType: z.enum(llmTypes, { error: messages.required }),
    llmTemperature: temperatureSchema,
    llmModelId: requiredLine(adminModelIdMax),
    llmFineTunedModelId: optionalLine(adminModelIdMax),
    faqId: optionalLine(100),
    referralRevenueShareForInviter: adminShareSchema,
    referralRevenueShareForInvitees: adminShareSchema,
    staticAttachments: z
      .array(adminStaticAttachmentSchema)
      .refine((list) => new Set(list.map((item) => item.id)).size === list.length, adminTalentMessages.duplicateAttachment),
  })
  .refine((input) => !input.hasCustomChatPrompt || input.chatPrompt.trim().length > 0, {
    message: adminTalentMessages.chatPromptRequired,
    path: ['chatPrompt'],
  });
export type AdminTalentUpdateInput = z.infer<typeof adminTalentUpdateInput>;
export type AdminTalentUpdateFormInput = z.input<typeof adminTalentUpdateInput>;
export const adminTalentUpdateOutput = adminTalentOutput;
