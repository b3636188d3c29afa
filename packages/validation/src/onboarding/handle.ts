import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';

/**
 * The handle (tag) rule. A handle appears in links (`/r/{tag}`, the fan messenger) and after an @,
 * so it is short, URL-safe and unambiguous:
 * - 3 to 24 characters after trimming and removing one leading @;
 * - lower-case letters a-z, digits and underscores (input is lower-cased first);
 * - starts with a letter; no two underscores in a row and none at the end;
 * - not a reserved word (routes, staff-sounding names);
 * - unique case-insensitively across talents and other creators' drafts (checked by the server).
 */
export const handleMinLength = 3;
export const handleMaxLength = 24;

export const reservedHandles: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'chat',
  'chats',
  'cookies',
  'dashboard',
  'dev',
  'doppel',
  'earnings',
  'feedback',
  'files',
  'health',
  'help',
  'login',
  'logout',
  'me',
  'moderator',
  'null',
  'official',
  'onboarding',
  'privacy',
  'referrals',
  'root',
  'settings',
  'sign_in',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'team',
  'terms',
  'trpc',
  'undefined',
  'user',
  'users',
  'waitlist',
  'www',
]);

export const handleMessages = {
  tooShort: `Handle must be at least ${handleMinLength} characters`,
  tooLong: `Handle must be at most ${handleMaxLength} characters`,
  characters: 'Handle can only contain letters, numbers and underscores',
  start: 'Handle must start with a letter',
  underscores: 'Handle cannot end with an underscore or have two in a row',
  reserved: 'This handle is reserved',
  taken: 'This handle is already taken',
} as const;

/** Normalises what a person types (`  @Mia_M `) to the stored form (`mia_m`). */
export function normaliseHandle(value: string): string {
  return value.trim().replace(/^@/, '').toLowerCase();
}

export const handleSchema = singleLineText({ error: messages.required })
  .transform(normaliseHandle)
  .pipe(
    z
      .string()
      .min(1, { error: messages.required, abort: true })
      .min(handleMinLength, { error: handleMessages.tooShort, abort: true })
      .max(handleMaxLength, handleMessages.tooLong)
      .regex(/^[a-z0-9_]+$/, handleMessages.characters)
      .regex(/^[a-z]/, handleMessages.start)
      .refine((tag) => !tag.endsWith('_') && !tag.includes('__'), handleMessages.underscores)
      .refine((tag) => !reservedHandles.has(tag), handleMessages.reserved),
  );
