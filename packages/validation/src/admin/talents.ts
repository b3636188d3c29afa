// The admin back-office Talents section (admin.talents.*, spec 2.5, 5, 7): the list with its search
// and sorts, Create talent, and the one settings form that edits every talent and config field.
// The settings form validates with `adminTalentUpdateInput` too, so the screen and the server show
// the same messages.
import { z } from 'zod';
import { ppmWhole } from '../common/business.ts';
import { messages } from '../common/messages.ts';
import { genders, llmTypes, personalityTraits, purposes } from '../enums.ts';
import { handleMessages, handleSchema } from '../onboarding/handle.ts';
import { interestsMax, personalityTraitsMax } from '../onboarding/index.ts';
import { imageContextSchema, staticAttachmentOutput } from '../talent/gallery.ts';
import { talentMessages } from '../talent/limits.ts';
import { conversationStarterOutput, welcomeMessageOutput } from '../talent/output.ts';
import {
  chatPromptSchema,
  conversationStartersSchema,
  factsSchema,
  settingsNameSchema,
  welcomeMessagesSchema,
} from '../talent/settings.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

// ---- Limits the spec leaves open (chosen here, read by the form and the server) ----

/** Prices are whole credits from 0; the ceiling (10,000 USD) only guards against a typo. */
export const adminPriceMax = 100_000;
export const adminTemperatureMax = 2;
export const adminChatExamplesMax = 100;
export const adminChatExampleTextMax = 4000;
export const adminChatMessageTextMax = 2000;
export const adminModelIdMax = 200;
/** Shares are edited as decimals 0 to 1 in steps of 0.001 (0.1 %), stored as parts per million. */
export const shareStep = 0.001;

/** The messages of spec 5 ("Admin: talent settings", "Create Talent") and this form's own. */
export const adminTalentMessages = {
  required: messages.required,
  ageWhole: 'Age must be a whole number',
  agePositive: 'Age must be above 0',
  priceWhole: 'Enter a whole number of credits',
  priceMin: 'The price must be at least 0 credits',
  priceMax: `The price must be at most ${adminPriceMax.toLocaleString('en-US')} credits`,
  shareNumber: 'Enter a share between 0 and 1',
  shareRange: 'The share must be between 0 and 1',
  shareStep: 'Use steps of 0.001',
  temperatureNumber: 'Enter a temperature',
  temperatureMin: 'Temperature must be at least 0',
  temperatureMax: `Temperature must be at most ${adminTemperatureMax}`,
  countWhole: 'Enter a whole number',
  countMin: 'Must be at least 0',
  countMax: `Must be at most ${adminChatExamplesMax}`,
  chatExamplesMax: `Add at most ${adminChatExamplesMax} chat examples`,
  textTooLong: (max: number) => `Must be at most ${max.toLocaleString('en-US')} characters`,
  tagTaken: handleMessages.taken,
  voiceNotListed: talentMessages.voiceNotListed,
  faqNotListed: 'Choose one of the listed FAQs',
  attachmentNotFound: talentMessages.attachmentNotFound,
  duplicateAttachment: 'Each image may be listed once',
  contextTooShort: talentMessages.contextTooShort,
  contextTooLong: talentMessages.contextTooLong,
  chatPromptRequired: talentMessages.chatPromptRequired,
} as const;

// ---- Shares: decimals on the screen, integer parts per million in the database ----

/** True when `share` is a whole number of steps of 0.001 (within float noise). */
export function isShareStep(share: number): boolean {
  const steps = share * 1000;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** A share on the 0.001 grid as parts per million: 0.035 -> 35,000, exactly. */
export function shareToPpm(share: number): number {
  return Math.round(share * 1000) * (ppmWhole / 1000);
}

/** Parts per million as the decimal the form edits: 600,000 -> 0.6. */
export function ppmToShare(ppm: number): number {
  return ppm / ppmWhole;
}

// ---- Field schemas (the form sends '' for an empty number field) ----

/** '' and blank text become `empty`, numeric text becomes a number, anything else is left as is. */
const numberFrom = (empty: null | undefined) => (value: unknown) => {
  if (value === '' || value === null || value === undefined) return empty;
  if (typeof value === 'string') return value.trim() === '' ? empty : Number(value.trim());
  return value;
};

/** A number typed in the form: '' gives "Required", other non-numbers `typeMessage`. */
const formNumber = (typeMessage: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? messages.required : typeMessage) });
const fromForm = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(numberFrom(undefined), schema);

const priceSchema = fromForm(
  formNumber(adminTalentMessages.priceWhole)
    .int(adminTalentMessages.priceWhole)
    .min(0, adminTalentMessages.priceMin)
    .max(adminPriceMax, adminTalentMessages.priceMax),
);

/** Age: empty for none, else a whole number above 0 (spec 5: "In admin talent settings age is an integer above 0"). */
export const adminAgeSchema = z.preprocess(
  numberFrom(null),
  z
    .number({ error: adminTalentMessages.ageWhole })
    .int(adminTalentMessages.ageWhole)
    .min(1, adminTalentMessages.agePositive)
    .max(1000, 'Age must be at most 1000')
    .nullable(),
);

/** A share from 0 to 1 in steps of 0.001 (spec 5 and 9). */
export const adminShareSchema = fromForm(
  formNumber(adminTalentMessages.shareNumber)
    .min(0, adminTalentMessages.shareRange)
    .max(1, adminTalentMessages.shareRange)
    .refine(isShareStep, adminTalentMessages.shareStep),
);

const temperatureSchema = fromForm(
  formNumber(adminTalentMessages.temperatureNumber)
    .min(0, adminTalentMessages.temperatureMin)
    .max(adminTemperatureMax, adminTalentMessages.temperatureMax),
);

const chatExampleCountSchema = fromForm(
  formNumber(adminTalentMessages.countWhole)
    .int(adminTalentMessages.countWhole)
    .min(0, adminTalentMessages.countMin)
    .max(adminChatExamplesMax, adminTalentMessages.countMax),
);

const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, adminTalentMessages.textTooLong(max));

/** Optional text: blank is stored as none (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, adminTalentMessages.textTooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));

export const adminChatExampleSchema = z.object({
  requestText: requiredText(adminChatExampleTextMax),
  responseText: requiredText(adminChatExampleTextMax),
});
export type AdminChatExample = z.infer<typeof adminChatExampleSchema>;

/** A gallery image's editable part: its context (spec 5: 3 to 40 characters, the spec's messages). */
export const adminStaticAttachmentSchema = z.object({
  id: adminId('Image ID'),
  context: imageContextSchema,
});

// ---- admin.talents.list ----

/** Chats: most chats first. Created At: newest first. Both descending, keyed by the id. */
export const adminTalentSorts = ['chats', 'createdAt'] as const;
export type AdminTalentSort = (typeof adminTalentSorts)[number];
export const defaultAdminTalentSort: AdminTalentSort = 'chats';
export const adminTalentSearchMax = 100;

export const adminTalentsListInput = adminListInput({
  /** Part of the name, any case; empty lists every talent. */
  search: z.string().trim().max(adminTalentSearchMax).default(''),
  sort: z.enum(adminTalentSorts).default(defaultAdminTalentSort),
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
});
export type AdminTalentListItem = z.infer<typeof adminTalentListItemOutput>;

export const adminTalentsListOutput = adminListOutput(adminTalentListItemOutput);
export type AdminTalentsListOutput = z.infer<typeof adminTalentsListOutput>;

// ---- admin.talents.create ----

/** Create talent (admin, spec 7): a non-empty name ("Required"). */
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

/** Every talent and config field of spec 3, shares as decimals, plus what the form offers. */
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
 * Update talent (admin, spec 7): every talent and config setting at once. Spec 5's admin rules:
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
    subscriptionProductId: optionalText(adminModelIdMax),
    chatMessageForAuth: optionalText(adminChatMessageTextMax),
    chatMessageForCheckout: optionalText(adminChatMessageTextMax),
    chatMessageForSubscription: optionalText(adminChatMessageTextMax),
    chatMessageSuggestions: conversationStartersSchema,
    initialChatMessages: welcomeMessagesSchema,
    voiceId: z.string().trim().max(100),
    purpose: z.enum(purposes, { error: messages.required }).nullable(),
    personalityTraits: z.array(z.enum(personalityTraits)).max(personalityTraitsMax, messages.selectAtMost(personalityTraitsMax)),
    interests: z.array(z.string().trim().min(1).max(50)).max(interestsMax, messages.selectAtMost(interestsMax)),
    facts: factsSchema,
    chatPrompt: chatPromptSchema,
    hasCustomChatPrompt: z.boolean(),
    revenueShare: adminShareSchema,
    chatExampleCount: chatExampleCountSchema,
    chatExamples: z.array(adminChatExampleSchema).max(adminChatExamplesMax, adminTalentMessages.chatExamplesMax),
    llmType: z.enum(llmTypes, { error: messages.required }),
    llmTemperature: temperatureSchema,
    llmModelId: requiredText(adminModelIdMax),
    llmFineTunedModelId: optionalText(adminModelIdMax),
    faqId: optionalText(100),
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
