import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { chatReturnPathPattern } from './chat-return-path.ts';

export { chatReturnPathPattern } from './chat-return-path.ts';

/** Email as docs/product-rules.md#sign-in-waitlist-and-onboarding-fields wants it: trimmed, lower-cased, valid. */
export const emailSchema = singleLineText({ error: 'Required' })
  .toLowerCase()
  .min(1, 'Required')
  .pipe(z.email('Please enter a valid email address'));

export const requestSignInLinkInput = z.object({
  email: emailSchema,
  next: z.string().regex(chatReturnPathPattern, 'Not a chat on this site').optional(),
});
export type RequestSignInLinkInput = z.infer<typeof requestSignInLinkInput>;

export const signInWithLinkInput = z.object({
  email: emailSchema,
  token: singleLineText().min(1, 'Required').max(200),
});
export type SignInWithLinkInput = z.infer<typeof signInWithLinkInput>;

export const meOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    role: z.enum(['USER', 'ADMIN']),
    waitlistStatus: z.enum(['PENDING', 'REJECTED', 'ACCEPTED']).nullable(),
    managedTalentIds: z.array(z.string()),
    isAnonymous: z.boolean(),
  })
  .nullable();
export type Me = NonNullable<z.infer<typeof meOutput>>;
