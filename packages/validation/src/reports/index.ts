// Consent and take-down (docs/safety.md): the creator's consent confirmation and the public Report
// a twin form. The admin Reports queue's payloads live in ../admin/reports.ts.
import { z } from 'zod';
import { emailSchema } from '../auth/index.ts';
import { singleLineText } from '../common/single-line.ts';

export const twinReportReasonValues = ['IMPERSONATION', 'HARMFUL_CONTENT', 'OTHER'] as const;
export type TwinReportReasonValue = (typeof twinReportReasonValues)[number];
export const twinReportReasonLabels: Record<TwinReportReasonValue, string> = {
  IMPERSONATION: 'Impersonation',
  HARMFUL_CONTENT: 'Harmful content',
  OTHER: 'Other',
};

/** The words a creator confirms, shown in onboarding and Settings and kept in the docs. */
export const consentStatement =
  "I confirm that this twin's name, face and voice are my own, or that I have the permission of the person they belong to.";
export const consentRequiredMessage = 'Please confirm that the name, face and voice are yours or used with permission.';

/** A checkbox that must be ticked: the confirmation itself, never a default. */
export const consentCheckbox = z.literal(true, { error: consentRequiredMessage });

export const twinReportDescriptionMax = 2000;

export const twinReportInput = z.object({
  /** The reported twin's handle, with or without the @. */
  talentTag: singleLineText()
    .transform((tag) => tag.replace(/^@/, ''))
    .pipe(z.string().min(1, 'Which twin? Enter its handle').max(100)),
  reason: z.enum(twinReportReasonValues, { error: 'Choose a reason' }),
  description: z
    .string()
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(twinReportDescriptionMax, `At most ${twinReportDescriptionMax} characters`),
  email: emailSchema,
});
export type TwinReportInput = z.input<typeof twinReportInput>;

export const twinReportOutput = z.object({ id: z.string() });

/** `talent.consent.confirm`: the caller's own twin; `confirmed` must be ticked. */
export const confirmConsentInput = z.object({ confirmed: consentCheckbox });

export const consentOutput = z.object({
  confirmedAt: z.iso.datetime().nullable(),
  /** The account that confirmed: its email (or name), null when unknown or deleted. */
  confirmedBy: z.string().nullable(),
});
export type ConsentView = z.infer<typeof consentOutput>;
