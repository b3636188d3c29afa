// Where to take a fan back after signing in. The sign-in page knows nothing of the messenger, so
// "Sign in to keep chatting" leaves the chat's path in this tab's sessionStorage, and the shell's
// ChatReturnAfterSignIn brings the fan back once the account is a real one. The path also travels
// in the emailed link (`next`), for a mail app that opens it in a new tab.
import { chatReturnPathPattern } from '@doppel/validation';

const storageKey = 'doppel:chatReturn';
/** A return older than this is a sign-in the fan gave up on: forget it. */
export const chatReturnMaxAgeMs = 60 * 60_000;

/** Only a messenger path, so the stored value can never send anyone elsewhere. */
export function isChatPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && chatReturnPathPattern.test(path);
}

/** The stored return path if it is a messenger path and fresh enough, else null. */
export function parseChatReturn(raw: string | null, now: number): string | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof value.path !== 'string' || typeof value.at !== 'number') return null;
    if (!isChatPath(value.path) || now - value.at > chatReturnMaxAgeMs || value.at > now + 60_000) return null;
    return value.path;
  } catch {
    return null;
  }
}

export function rememberChatReturn(path: string): void {
  if (!isChatPath(path)) return;
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage can be blocked; the fan then finds their chat from the link again.
  }
}

export function readChatReturn(): string | null {
  try {
    return parseChatReturn(window.sessionStorage.getItem(storageKey), Date.now());
  } catch {
    return null;
  }
}

export function forgetChatReturn(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // nothing stored
  }
}

/** The sign-in page with the way back as `next`, which the page puts in the emailed link. */
export function signInPathFor(chatPath: string): string {
  // A checked messenger path holds only characters a query value may carry as they are.
  return `/sign-in?next=${chatPath}`;
}
