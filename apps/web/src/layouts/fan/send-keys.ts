// The idempotency key of each message the fan sends (docs/chat-engine.md, Sending the same message
// again). A send that failed on the way back may have been stored and charged all the same, so
// every retry of that message carries its key, and the server answers it instead of storing and
// charging it a second time.
import { describeError } from '../../errors/describe-error.ts';

export type OutgoingMessage = { chatId: string; text: string; suggestionId?: string };

export type SendKeys = {
  /** The key of the message still unanswered when these are the same words again, else a new key. */
  keyFor: (message: OutgoingMessage) => string;
  /** The send with this key was answered: the next message is a new one, even with the same words. */
  answered: (key: string) => void;
};

/**
 * Keeps the key of the one message that has not been answered yet: a failed send leaves its words
 * in the composer, and sending them again is a retry of that message. Other words are a new one.
 */
export function createSendKeys(newKey: () => string = randomKey): SendKeys {
  let unanswered: (OutgoingMessage & { key: string }) | undefined;
  return {
    keyFor(message) {
      if (!unanswered || !isSameMessage(unanswered, message)) unanswered = { ...message, key: newKey() };
      return unanswered.key;
    },
    answered(key) {
      if (unanswered?.key === key) unanswered = undefined;
    },
  };
}

function isSameMessage(a: OutgoingMessage, b: OutgoingMessage): boolean {
  return a.chatId === b.chatId && a.text.trim() === b.text.trim() && a.suggestionId === b.suggestionId;
}

/** Automatic retries of a send, each with the same key. */
export const sendRetries = 2;

/**
 * Whether a failed send is tried again by itself: only when the answer never came (the connection
 * dropped, no tRPC answer) or the database was briefly out of reach (503). Refusals are final.
 * React Query holds the retry while the browser is offline and sends it once it is back.
 */
export function retriesSend(failureCount: number, error: unknown): boolean {
  const { code } = describeError(error);
  return failureCount < sendRetries && (code === null || code === 'SERVICE_UNAVAILABLE');
}

/**
 * A random (version 4) UUID. crypto.randomUUID exists only on secure pages (HTTPS or localhost);
 * the app opened over plain HTTP on a local network must still be able to send.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
