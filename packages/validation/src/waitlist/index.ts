import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { waitlistPlatforms } from '../enums.ts';

/** Strips the @ people type in front of a social handle. */
export const socialHandleSchema = singleLineText({ error: messages.required })
  .transform((value) => value.replace(/^@+/, '').trim())
  .pipe(z.string().min(1, messages.required).max(100, 'Handle must be at most 100 characters'));

/** Join waitlist (docs/product-rules.md#waitlist, #sign-in-waitlist-and-onboarding-fields): platform, handle, terms ticked. */
export const joinWaitlistInput = z.object({
  platform: z.enum(waitlistPlatforms, { error: messages.required }),
  handle: socialHandleSchema,
  termsAccepted: z.literal(true, { error: messages.termsNotAccepted }),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;
