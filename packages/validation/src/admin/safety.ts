// The crisis protocol's admin payloads (docs/safety.md): its settings, edited on the App page in
// their own card (admin.app.crisis.*), and the Safety report (admin.safety.report), counts only.
import { z } from 'zod';
import { crisisPauseHoursRange } from '../chat/crisis-services.ts';

export const crisisReplyTextMax = 1_000;

export const crisisSettingsMessages = {
  textTooLong: `Must be at most ${crisisReplyTextMax.toLocaleString('en-US')} characters`,
  pauseHours: `Enter whole hours between ${crisisPauseHoursRange.min} and ${crisisPauseHoursRange.max}`,
} as const;

export const adminCrisisSettingsInput = z.object({
  /** The caring message above the crisis services; empty: the built-in default. */
  replyText: z.string().trim().max(crisisReplyTextMax, crisisSettingsMessages.textTooLong),
  /** How long repeated crisis messages keep the twin out of a chat. */
  pauseHours: z
    .number({ error: crisisSettingsMessages.pauseHours })
    .int(crisisSettingsMessages.pauseHours)
    .min(crisisPauseHoursRange.min, crisisSettingsMessages.pauseHours)
    .max(crisisPauseHoursRange.max, crisisSettingsMessages.pauseHours),
});
export type AdminCrisisSettingsInput = z.infer<typeof adminCrisisSettingsInput>;

export const adminCrisisSettingsOutput = adminCrisisSettingsInput.extend({
  /** What fans read when replyText is empty. */
  defaultReplyText: z.string(),
});
export type AdminCrisisSettings = z.infer<typeof adminCrisisSettingsOutput>;

/** One month of the Safety report: how many times fans were referred to crisis services. */
export const safetyReportMonthOutput = z.object({
  /** YYYY-MM, UTC. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Every safety reply sent (each one names crisis services). */
  referrals: z.number().int(),
  /** Of those, replies to a message that spoke of suicide or self-harm… */
  detected: z.number().int(),
  /** …and replies while the twin was paused after repeated ones. */
  whilePaused: z.number().int(),
  /** Distinct chats with at least one referral that month. */
  chats: z.number().int(),
});
export type SafetyReportMonth = z.infer<typeof safetyReportMonthOutput>;

export const safetyReportOutput = z.object({ months: z.array(safetyReportMonthOutput) });
export type SafetyReport = z.infer<typeof safetyReportOutput>;
