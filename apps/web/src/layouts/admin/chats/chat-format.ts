// How the admin Chats screens word things: fans, flags, engines, JSON and the notes in sent text.
// Pure, unit-tested.
import type { AdminChatFanView, AdminChatFlag, AdminChatFlagsView, LlmType } from '@doppel/validation';
import { adminChatFlags } from '@doppel/validation';

/** The fan as a person reads it: name, else email, else "Anonymous fan". */
export function fanLabel(fan: Pick<AdminChatFanView, 'name' | 'email' | 'isAnonymous'>): string {
  const name = fan.name.trim();
  if (name) return name;
  if (fan.email) return fan.email;
  return fan.isAnonymous ? 'Anonymous fan' : 'Unnamed fan';
}

const flagBadges: Record<AdminChatFlag, { label: string; color: string }> = {
  hasUserInteraction: { label: 'Interaction', color: 'gray' },
  hasUserInteractionWithNonAnonymousUser: { label: 'Logged in', color: 'blue' },
  hasUserInteractionWithPaidCredits: { label: 'Paid credits', color: 'teal' },
  hasUserInteractionWithSubscription: { label: 'Subscription', color: 'grape' },
  hasUserInteractionWithManager: { label: 'Talent manager', color: 'orange' },
  needsSafetyReview: { label: 'Safety', color: 'red' },
};

/** The badges of the flags that are set, in the order of docs/product-rules.md#admin-back-office. */
export function chatFlagBadges(flags: AdminChatFlagsView): { flag: AdminChatFlag; label: string; color: string }[] {
  return adminChatFlags.filter((flag) => flags[flag]).map((flag) => ({ flag, ...flagBadges[flag] }));
}

/** OFFLINE is the built-in engine that answers without a language model. */
export function engineLabel(llmType: LlmType): string {
  return llmType === 'OFFLINE' ? 'Offline engine' : 'OpenAI';
}

/** JSON text indented for reading; text that is not JSON is shown as it came. */
export function prettyJson(value: string | unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2) ?? String(value);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/**
 * The text that was sent, split from the bracketed note the reply engine adds on its last line
 * when something failed (`[voice note failed: …]`, `[model error: …]`).
 */
export function splitSentText(text: string): { text: string; note: string | null } {
  const lines = text.split('\n');
  const last = lines.at(-1)?.trim() ?? '';
  if (lines.length > 0 && /^\[.+\]$/s.test(last)) {
    return { text: lines.slice(0, -1).join('\n').trimEnd(), note: last.slice(1, -1).trim() };
  }
  return { text, note: null };
}

/** True when what was sent differs from the model's own text (a function call, a failure note). */
export function sentDiffers(responseText: string | null, fallbackText: string | null): boolean {
  return fallbackText !== null && fallbackText.trim() !== (responseText ?? '').trim();
}

/** Similarity scores to three decimals. */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(3) : '–';
}

/** One line of a message for the list: the text, else what it carried. */
export function messagePreview(message: { text: string; attachmentCount: number }, maxLength = 120): string {
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (!text) return message.attachmentCount > 0 ? '(attachment only)' : '(empty message)';
  const characters = Array.from(text);
  return characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join('')}…` : text;
}

/** "1 message", "12 messages". */
export function messageCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'message' : 'messages'}`;
}

/** Tables whose changes the Chats screens show. */
export const chatEntities = ['chats', 'chat_messages'] as const;
