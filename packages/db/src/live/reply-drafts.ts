// Streamed replies in flight: the worker announces the text a reply has so far with a NOTIFY on
// `chat_stream`, and every API process that LISTENs hands it to the fans watching that chat. Drafts
// are never written to a table: a token is worth a few milliseconds, and the stored TALENT message
// (through the outbox, like every change) is what counts. A lost draft costs nothing; the next one
// carries the whole text so far. Behind a transaction pooler with no direct URL nothing listens, and
// the fan simply sees the stored message arrive.
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';

export const replyDraftChannel = 'chat_stream';

/** A reply being written: the text so far of one attempt at answering one fan message. */
export type ReplyDraft = {
  chatId: string;
  /** The fan message being answered. */
  replyTo: string;
  /** One attempt of the reply job; a retry after a crash starts a new stream from seq 0. */
  stream: string;
  /** Increases within a stream: a draft older than one already shown is dropped. */
  seq: number;
  text: string;
};

/** NOTIFY payloads must stay under 8,000 bytes; the JSON around the text takes well under 500. */
export const maxDraftTextBytes = 7_000;

/** The text cut to `maxDraftTextBytes` of UTF-8 at a character boundary: the start of a long reply is enough to show. */
export function fitDraftText(text: string): string {
  if (Buffer.byteLength(text) <= maxDraftTextBytes) return text;
  const cut = Buffer.from(text).subarray(0, maxDraftTextBytes).toString('utf8');
  // A code point split by the cut decodes as U+FFFD at the end: drop it.
  return cut.endsWith('\uFFFD') ? cut.slice(0, -1) : cut;
}

/** Announces a draft to every listening API process. Outside any transaction: NOTIFY in one waits for its commit. */
export async function publishReplyDraft(executor: Executor, draft: ReplyDraft): Promise<void> {
  const payload = JSON.stringify({ ...draft, text: fitDraftText(draft.text) });
  await executor.execute(sql`select pg_notify(${replyDraftChannel}, ${payload})`);
}

/** Reads a NOTIFY payload back; undefined for anything malformed (another sender, a future shape). */
export function parseReplyDraft(payload: string): ReplyDraft | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ReplyDraft>;
    if (
      typeof value.chatId !== 'string' ||
      typeof value.replyTo !== 'string' ||
      typeof value.stream !== 'string' ||
      typeof value.seq !== 'number' ||
      typeof value.text !== 'string'
    )
      return undefined;
    return { chatId: value.chatId, replyTo: value.replyTo, stream: value.stream, seq: value.seq, text: value.text };
  } catch {
    return undefined;
  }
}
