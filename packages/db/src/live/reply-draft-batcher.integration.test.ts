// Drafts of many replies announced together: one statement per batch, each stream's newest draft,
// through the real LISTEN/NOTIFY of Postgres.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Executor } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { createReplyDraftBatcher, parseReplyDraft, type ReplyDraft, replyDraftChannel } from './reply-drafts.ts';

let database: TestDatabase;
const heard: ReplyDraft[] = [];
let unlisten: (() => Promise<void>) | undefined;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const listening = await database.sql.listen(replyDraftChannel, (payload) => {
    const draft = parseReplyDraft(payload);
    if (draft) heard.push(draft);
  });
  unlisten = listening.unlisten;
});
afterAll(async () => {
  await unlisten?.();
  await database.drop();
});

const draft = (stream: string, seq: number, text: string): ReplyDraft => ({
  chatId: `chat-${stream}`,
  replyTo: `m-${stream}`,
  stream,
  seq,
  text,
});

describe('the reply draft batcher', () => {
  it("sends each stream's newest draft of a batch in one statement, and what is queued on close", async () => {
    const statements: string[] = [];
    const counting = {
      execute: ((query) => {
        statements.push('notify');
        return database.db.execute(query);
      }) as Executor['execute'],
    };
    const batcher = createReplyDraftBatcher(counting, { intervalMs: 30 });
    await batcher.publish(draft('a', 0, 'Hey'));
    await batcher.publish(draft('b', 0, 'Oh'));
    await batcher.publish(draft('a', 1, 'Hey there'));
    // An older draft arriving late never replaces a newer one.
    await batcher.publish(draft('a', 0, 'Hey'));

    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 5_000, interval: 10 });
    expect(statements).toHaveLength(1);
    expect(heard).toEqual(expect.arrayContaining([draft('a', 1, 'Hey there'), draft('b', 0, 'Oh')]));

    await batcher.publish(draft('b', 1, 'Oh hi'));
    await batcher.close();
    await vi.waitFor(() => expect(heard).toHaveLength(3), { timeout: 5_000, interval: 10 });
    expect(heard.at(-1)).toEqual(draft('b', 1, 'Oh hi'));
    expect(statements).toHaveLength(2);
  });

  it('keeps going after Postgres refused a batch', async () => {
    const errors: unknown[] = [];
    let refuse = true;
    const flaky = {
      execute: ((query) => {
        if (refuse) {
          refuse = false;
          return Promise.reject(new Error('connection lost'));
        }
        return database.db.execute(query);
      }) as Executor['execute'],
    };
    const batcher = createReplyDraftBatcher(flaky, { intervalMs: 10, onError: (error) => errors.push(error) });
    const before = heard.length;
    await batcher.publish(draft('c', 0, 'Lost'));
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5_000, interval: 10 });
    await batcher.publish(draft('c', 1, 'Lost, then found'));
    await vi.waitFor(() => expect(heard.length).toBe(before + 1), { timeout: 5_000, interval: 10 });
    expect(heard.at(-1)?.text).toBe('Lost, then found');
    await batcher.close();
  });
});
