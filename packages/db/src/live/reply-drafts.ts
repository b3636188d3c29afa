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

/** Drafts announced together: see createReplyDraftBatcher. */
export type ReplyDraftBatcher = {
  /** Queues a draft; only each stream's newest queued draft goes out. Never rejects. */
  publish: (draft: ReplyDraft) => Promise<void>;
  /** Sends what is queued and stops. */
  close: () => Promise<void>;
};

/** How long a draft may wait for others to go out with it. */
export const defaultDraftBatchMs = 25;

/**
 * Announces the drafts of every reply a worker is writing in one statement every `intervalMs`
 * instead of a NOTIFY per draft: with hundreds of replies streaming at once, the worker's writes to
 * Postgres were most of its CPU (docs/chat-engine.md#reply-throughput). A stream whose newer draft
 * is queued sends only that one: each draft carries the whole text so far. A draft may now arrive
 * just after its stored reply; the messenger shows a draft only while its fan message is the
 * chat's newest, so such a draft is never seen.
 */
export function createReplyDraftBatcher(
  executor: Pick<Executor, 'execute'>,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): ReplyDraftBatcher {
  const intervalMs = options.intervalMs ?? defaultDraftBatchMs;
  const queued = new Map<string, ReplyDraft>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  const send = async () => {
    timer = undefined;
    if (queued.size === 0) return;
    const payloads = [...queued.values()].map((draft) => JSON.stringify({ ...draft, text: fitDraftText(draft.text) }));
    queued.clear();
    // One text parameter: the statement stays the same (and prepared) whatever the batch's size.
    await executor
      .execute(
        sql`select pg_notify(${replyDraftChannel}, payload) from json_array_elements_text(${JSON.stringify(payloads)}::json) as payload`,
      )
      .catch((error: unknown) => options.onError?.(error));
  };

  return {
    publish: (draft) => {
      const earlier = queued.get(draft.stream);
      if (!earlier || earlier.seq < draft.seq) queued.set(draft.stream, draft);
      timer ??= setTimeout(() => {
        sending = sending.then(send);
      }, intervalMs);
      return Promise.resolve();
    },
    close: async () => {
      clearTimeout(timer);
      timer = undefined;
      await sending;
      await send();
    },
  };
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
