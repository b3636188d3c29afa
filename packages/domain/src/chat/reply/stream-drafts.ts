// Relays a reply to the fan while the model writes it. The model's text so far goes out as drafts
// (the worker NOTIFYs, every API process forwards to the chat's watchers), at most one every
// `intervalMs`: the first words at once, then whatever accumulated, so a fast model costs a few
// notifications a second rather than one per token. Drafts are only a preview: the stored TALENT
// message replaces them, and nothing here can fail or delay the reply.
import type { ReplyDraft } from '@doppel/db';

export type DraftPublisher = (draft: ReplyDraft) => Promise<void>;

export type ReplyDraftStream = {
  /** The model's text so far (LlmCompleteOptions.onText). */
  onText: (textSoFar: string) => void;
  /** The reply is complete (or failed): nothing more is sent, a pending draft is dropped. */
  close: () => void;
};

export type ReplyDraftStreamOptions = {
  publish: DraftPublisher;
  chatId: string;
  replyTo: string;
  /** This attempt's id (the reply message id it would store): a retry's drafts replace this one's. */
  stream: string;
  intervalMs?: number;
  /**
   * Whether text may be shown before the whole reply is checked (the creator's boundaries). Once it
   * says no, the stream stops for good: the stored reply (a refusal, then) is all the fan sees.
   */
  mayShow?: (textSoFar: string) => boolean;
  onError?: (error: unknown) => void;
};

/** Default gap between two drafts of one reply: smooth to read, a few NOTIFYs a second. */
export const defaultDraftIntervalMs = 50;

/**
 * The text up to its last whole word: a word still being written is held back until it is complete,
 * so a boundary check of the draft (`mayShow`) never sees a harmless-looking start of a refused word.
 */
export function completeWords(text: string): string {
  // From the end: past the word being written, then past the whitespace before it (what
  // `/\s+\S*$/` finds, without a regular expression scanning the whole text on every token).
  let end = text.length;
  while (end > 0 && !isSpace(text.charCodeAt(end - 1))) end -= 1;
  if (end === 0) return '';
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** `\s` of a regular expression, for one UTF-16 code unit. */
const isSpace = (code: number) =>
  code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code > 0x7f && /\s/.test(String.fromCharCode(code)));

export function createReplyDraftStream(options: ReplyDraftStreamOptions): ReplyDraftStream {
  const intervalMs = options.intervalMs ?? defaultDraftIntervalMs;
  let latest = '';
  let sentText = '';
  let seq = 0;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let closed = false;

  function send(): void {
    timer = undefined;
    if (closed || inFlight || latest === sentText) return;
    const text = latest;
    inFlight = true;
    lastSentAt = Date.now();
    sentText = text;
    const draft: ReplyDraft = { chatId: options.chatId, replyTo: options.replyTo, stream: options.stream, seq, text };
    seq += 1;
    // One NOTIFY at a time keeps the drafts in order; text that arrived meanwhile follows after it.
    void options
      .publish(draft)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        inFlight = false;
        schedule();
      });
  }

  function schedule(): void {
    if (closed || timer || inFlight || latest === sentText) return;
    const wait = lastSentAt + intervalMs - Date.now();
    if (wait <= 0) send();
    else timer = setTimeout(send, wait);
  }

  function close(): void {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
  }

  return {
    onText(textSoFar) {
      if (closed) return;
      const shown = completeWords(textSoFar);
      if (shown === '' || shown === latest) return;
      if (options.mayShow && !options.mayShow(shown)) return close();
      latest = shown;
      schedule();
    },
    close,
  };
}
