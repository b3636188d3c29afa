// The admin back-office App section (admin.app.*, docs/product-rules.md#admin-back-office "/app", 3 App and AppConfig, 5 "App
// config" and "Voice numbers", 7 "Update app config", 9 voice defaults). The page's form validates
// with `adminAppUpdateInput` too, so the screen and the server show the same messages.
import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { genders } from '../enums.ts';
import { subscriptionCentsSchema, subscriptionPriceMessages } from '../payments/subscription-price.ts';
import { adminShareSchema } from './talents.ts';

// ---- Limits the product rules leave open (chosen here, read by the form and the server) ----

export const appTemplateMax = 20_000;
export const appDescriptionMax = 1_000;
/** OpenAI's own limit on a function name. */
export const appFunctionNameMax = 64;
export const appVoicesMax = 100;
export const appVoiceTextMax = 200;
export const appSamplePathMax = 500;
export const appEmptyChatMessageMax = 500;
/** Voice numbers move in steps of 0.1 (docs/product-rules.md#admin-forms "Voice numbers", docs/product-rules.md#constants-and-limits). */
export const voiceNumberStep = 0.1;

/** docs/product-rules.md#admin-forms: function names are letters and underscores only. */
export const functionNamePattern = /^[A-Za-z_]+$/;
/** The minimum talent version the update banner compares against: three whole numbers. */
export const minVersionPattern = /^\d{1,9}\.\d{1,9}\.\d{1,9}$/;

/** The messages of docs/product-rules.md#admin-forms word for word ("Required", the function name one) and this form's own. */
export const adminAppMessages = {
  required: messages.required,
  functionName: 'FunctionName contains invalid characters',
  textTooLong: (max: number) => `Must be at most ${max.toLocaleString('en-US')} characters`,
  temperatureNumber: 'Enter a temperature between 0 and 1',
  temperatureRange: 'Temperature must be between 0 and 1',
  voiceNumber: 'Enter a number between 0 and 1',
  voiceRange: 'Must be between 0 and 1',
  voiceStep: 'Use steps of 0.1',
  gender: 'Choose a gender',
  voiceIdTaken: 'Another voice already has this id',
  voicesMax: `Add at most ${appVoicesMax} voices`,
  version: 'Enter a version like 1.2.3',
} as const;

/**
 * A new voice (docs/product-rules.md#constants-and-limits): the same numbers as the database defaults (packages/db voices.ts
 * defaultVoiceSettings, which a domain test compares with these); the form cannot import the db.
 */
export const newVoiceDefaults = {
  stability: 0.5,
  similarityBoost: 0.7,
  style: 0,
  model: 'eleven_monolingual_v1',
  gender: 'FEMALE',
} as const;

// ---- Field schemas (number inputs send '' when empty) ----

const numberFrom = (value: unknown) => {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
  return value;
};

const unitNumber = (notANumber: string, range: string) =>
  z.preprocess(
    numberFrom,
    z
      .number({ error: (issue) => (issue.input === undefined ? messages.required : notANumber) })
      .min(0, range)
      .max(1, range),
  );

const isVoiceStep = (value: number) => {
  const steps = value / voiceNumberStep;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};

/** Stability, similarity boost and style: 0 to 1 in steps of 0.1. */
export const voiceNumberSchema = unitNumber(adminAppMessages.voiceNumber, adminAppMessages.voiceRange).refine(
  (value) => isVoiceStep(value),
  adminAppMessages.voiceStep,
);

/** Prompt templates and function descriptions: kept as written, but not blank. */
const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .max(max, adminAppMessages.textTooLong(max))
    .refine((value) => value.trim() !== '', messages.required);

/** One-line values (ids, names, paths): trimmed, not blank. */
const requiredLine = (max: number) =>
  singleLineText({ error: messages.required }).min(1, messages.required).max(max, adminAppMessages.textTooLong(max));

/** Not trimmed: a space is an invalid character the admin should see, not one silently dropped. */
export const functionNameSchema = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .max(appFunctionNameMax, adminAppMessages.textTooLong(appFunctionNameMax))
  .regex(functionNamePattern, adminAppMessages.functionName);

const description = requiredText(appDescriptionMax);

export const functionSchemaConfigSchema = z.object({
  generateImageAttachment: z.object({
    name: functionNameSchema,
    description,
    contextDescription: description,
    successTextDescription: description,
    failureTextDescription: description,
  }),
  generateAudioAttachment: z.object({
    name: functionNameSchema,
    description,
    successTextDescription: description,
    failureTextDescription: description,
  }),
});
export type AdminFunctionSchemaConfig = z.infer<typeof functionSchemaConfigSchema>;

/** A catalogue voice (docs/product-rules.md#records Voice); `id` is the text-to-speech provider's voice id. */
export const adminVoiceSchema = z.object({
  id: requiredLine(appVoiceTextMax),
  name: requiredLine(appVoiceTextMax),
  /** Storage path of the mp3 sample (files.upload, owner PUBLIC, purpose voice-sample). */
  sampleFilePath: requiredLine(appSamplePathMax),
  stability: voiceNumberSchema,
  similarityBoost: voiceNumberSchema,
  style: voiceNumberSchema,
  model: requiredLine(appVoiceTextMax),
  gender: z.enum(genders, { error: adminAppMessages.gender }),
});
export type AdminVoice = z.infer<typeof adminVoiceSchema>;

/** The catalogue in its order; an id names one voice, so a second use is flagged on that row. */
export const adminVoicesSchema = z
  .array(adminVoiceSchema)
  .max(appVoicesMax, adminAppMessages.voicesMax)
  .superRefine((voices, ctx) => {
    const seen = new Set<string>();
    voices.forEach((voice, index) => {
      if (seen.has(voice.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: adminAppMessages.voiceIdTaken });
      }
      seen.add(voice.id);
    });
  });

export const minVersionSchema = z.object({
  talent: singleLineText({ error: messages.required })
    .min(1, messages.required)
    .regex(minVersionPattern, adminAppMessages.version),
});

// ---- admin.app.update (docs/product-rules.md#calls "Update app config") and admin.app.get ----

export const adminAppUpdateInput = z
  .object({
    chatPromptTemplate: requiredText(appTemplateMax),
    chatPromptTemplateForFaq: requiredText(appTemplateMax),
    talentChatPromptTemplate: requiredText(appTemplateMax),
    /** 0 to 1 in steps of 0.001; stored as parts per million. */
    referralRevenueShare: adminShareSchema,
    llmFunctionTemperature: unitNumber(adminAppMessages.temperatureNumber, adminAppMessages.temperatureRange),
    functionSchemaConfig: functionSchemaConfigSchema,
    voices: adminVoicesSchema,
    minVersion: minVersionSchema,
    /** Shown in a chat with no messages yet (App.emptyChatMessageText); may be empty. */
    emptyChatMessageText: z.string().trim().max(appEmptyChatMessageMax, adminAppMessages.textTooLong(appEmptyChatMessageMax)),
    /** What creators may charge for their monthly subscription, in whole cents (the form edits dollars). */
    subscriptionPriceMinCents: subscriptionCentsSchema,
    subscriptionPriceMaxCents: subscriptionCentsSchema,
  })
  .refine((input) => input.subscriptionPriceMinCents <= input.subscriptionPriceMaxCents, {
    message: subscriptionPriceMessages.minAboveMax,
    path: ['subscriptionPriceMinCents'],
    // Said as soon as both limits are prices, even while another card still has an error.
    when: ({ value }) => {
      const limits = value as { subscriptionPriceMinCents?: unknown; subscriptionPriceMaxCents?: unknown } | undefined;
      return Number.isInteger(limits?.subscriptionPriceMinCents) && Number.isInteger(limits?.subscriptionPriceMaxCents);
    },
  });
export type AdminAppUpdateInput = z.output<typeof adminAppUpdateInput>;

/** What the page edits, as stored; `updatedAt` is null before the settings were ever saved. */
export const adminAppSettingsOutput = z.object({
  chatPromptTemplate: z.string(),
  chatPromptTemplateForFaq: z.string(),
  talentChatPromptTemplate: z.string(),
  referralRevenueShare: z.number(),
  llmFunctionTemperature: z.number(),
  functionSchemaConfig: z.object({
    generateImageAttachment: z.object({
      name: z.string(),
      description: z.string(),
      contextDescription: z.string(),
      successTextDescription: z.string(),
      failureTextDescription: z.string(),
    }),
    generateAudioAttachment: z.object({
      name: z.string(),
      description: z.string(),
      successTextDescription: z.string(),
      failureTextDescription: z.string(),
    }),
  }),
  voices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sampleFilePath: z.string(),
      stability: z.number(),
      similarityBoost: z.number(),
      style: z.number(),
      model: z.string(),
      gender: z.enum(genders),
    }),
  ),
  minVersion: z.object({ talent: z.string() }),
  emptyChatMessageText: z.string(),
  subscriptionPriceMinCents: z.number().int(),
  subscriptionPriceMaxCents: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AdminAppSettings = z.infer<typeof adminAppSettingsOutput>;
