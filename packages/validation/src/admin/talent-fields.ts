// The admin talent settings' fields (admin.talents.update, docs/product-rules.md#admin-forms "Admin: talent settings"): the
// limits the product rules leave open, the messages, shares as decimals on the screen and parts per million
// in the database, and the schemas of single fields the form and the server share.
import { z } from 'zod';
import { ppmWhole } from '../common/business.ts';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { handleMessages } from '../onboarding/handle.ts';
import { imageContextSchema } from '../talent/gallery.ts';
import { talentMessages } from '../talent/limits.ts';
import { adminId } from './list.ts';

// ---- Limits the product rules leave open (chosen here, read by the form and the server) ----

/** Prices are whole credits from 0; the ceiling (10,000 USD) only guards against a typo. */
export const adminPriceMax = 100_000;
export const adminTemperatureMax = 2;
export const adminChatExamplesMax = 100;
export const adminChatExampleTextMax = 4000;
export const adminChatMessageTextMax = 2000;
export const adminModelIdMax = 200;
/** Shares are edited as decimals 0 to 1 in steps of 0.001 (0.1 %), stored as parts per million. */
export const shareStep = 0.001;

/** The messages of docs/product-rules.md#admin-forms ("Admin: talent settings", "Create Talent") and this form's own. */
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
export const numberFrom = (empty: null | undefined) => (value: unknown) => {
  if (value === '' || value === null || value === undefined) return empty;
  if (typeof value === 'string') return value.trim() === '' ? empty : Number(value.trim());
  return value;
};

/** A number typed in the form: '' gives "Required", other non-numbers `typeMessage`. */
export const formNumber = (typeMessage: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? messages.required : typeMessage) });
export const fromForm = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(numberFrom(undefined), schema);

export const priceSchema = fromForm(
  formNumber(adminTalentMessages.priceWhole)
    .int(adminTalentMessages.priceWhole)
    .min(0, adminTalentMessages.priceMin)
    .max(adminPriceMax, adminTalentMessages.priceMax),
);

/** Age: empty for none, else a whole number above 0 (docs/product-rules.md#admin-forms: "In admin talent settings age is an integer above 0"). */
export const adminAgeSchema = z.preprocess(
  numberFrom(null),
  z
    .number({ error: adminTalentMessages.ageWhole })
    .int(adminTalentMessages.ageWhole)
    .min(1, adminTalentMessages.agePositive)
    .max(1000, 'Age must be at most 1000')
    .nullable(),
);

/** A share from 0 to 1 in steps of 0.001 (docs/product-rules.md#admin-forms, #constants-and-limits). */
export const adminShareSchema = fromForm(
  formNumber(adminTalentMessages.shareNumber)
    .min(0, adminTalentMessages.shareRange)
    .max(1, adminTalentMessages.shareRange)
    .refine(isShareStep, adminTalentMessages.shareStep),
);

export const temperatureSchema = fromForm(
  formNumber(adminTalentMessages.temperatureNumber)
    .min(0, adminTalentMessages.temperatureMin)
    .max(adminTemperatureMax, adminTalentMessages.temperatureMax),
);

export const chatExampleCountSchema = fromForm(
  formNumber(adminTalentMessages.countWhole)
    .int(adminTalentMessages.countWhole)
    .min(0, adminTalentMessages.countMin)
    .max(adminChatExamplesMax, adminTalentMessages.countMax),
);

/** Text that may span lines (chat examples, canned chat messages), not blank. */
export const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, adminTalentMessages.textTooLong(max));

/** One-line values (model ids): not blank. */
export const requiredLine = (max: number) =>
  singleLineText({ error: messages.required }).min(1, messages.required).max(max, adminTalentMessages.textTooLong(max));

const blankAsNull = (text: z.ZodString, max: number) =>
  text
    .max(max, adminTalentMessages.textTooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional text that may span lines: blank is stored as none (null). */
export const optionalText = (max: number) => blankAsNull(z.string().trim(), max);

/** Optional one-line value (product and model ids): blank is stored as none (null). */
export const optionalLine = (max: number) => blankAsNull(singleLineText(), max);

export const adminChatExampleSchema = z.object({
  requestText: requiredText(adminChatExampleTextMax),
  responseText: requiredText(adminChatExampleTextMax),
});
export type AdminChatExample = z.infer<typeof adminChatExampleSchema>;

/** A gallery image's editable part: its context (docs/product-rules.md#admin-forms: 3 to 40 characters, with its messages). */
export const adminStaticAttachmentSchema = z.object({
  id: adminId('Image ID'),
  context: imageContextSchema,
});
