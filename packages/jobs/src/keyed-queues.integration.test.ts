// chat.reply's keyed queue (key_strict_fifo): a chat's jobs one at a time and in order, a failed
// job never holding its chat back, and a queue created before the policy changed brought over.
import type { TestDatabase } from '@doppel/db/testing';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ensureQueues } from './boss.ts';
import { deadLetterQueueName } from './catalog.ts';
import { enqueue } from './enqueue.ts';
import { releaseFailedKeys } from './stalled-jobs.ts';
import { openTestQueues, type TestQueues } from './testing.ts';

let database: TestDatabase;
let boss: PgBoss;
let queues: TestQueues | undefined;
beforeAll(async () => {
  queues = await openTestQueues(inject('postgresServerUrl'));
  ({ database, boss } = queues);
});
afterAll(() => queues?.close());
beforeEach(async () => {
  await boss.deleteAllJobs();
});

const logLines = () => {
  const lines: Array<{ level: string; message: string }> = [];
  const record = (level: string) => (message: string) => void lines.push({ level, message });
  const log = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  return { lines, log: log as never };
};

describe('the chat.reply queue', () => {
  it("gives out a chat's jobs one at a time, in the order sent, while other chats' run at once", async () => {
    const first = await enqueue(boss, 'chat.reply', { chatId: 'chat-a', messageId: 'a1' });
    await enqueue(boss, 'chat.reply', { chatId: 'chat-a', messageId: 'a2' });
    await enqueue(boss, 'chat.reply', { chatId: 'chat-b', messageId: 'b1' });

    const claimed = await boss.fetch<{ messageId: string }>('chat.reply', { batchSize: 10 });
    expect(claimed.map((job) => job.data.messageId).sort()).toEqual(['a1', 'b1']);
    // a2 waits for a1, even when a1 fails and waits for its retry.
    await boss.fail('chat.reply', first as string, { message: 'model down' });
    expect(await boss.fetch('chat.reply', { batchSize: 10, ignoreStartAfter: true })).toMatchObject([{ id: first }]);
    await boss.complete('chat.reply', first as string);
    expect((await boss.fetch<{ messageId: string }>('chat.reply', { batchSize: 10 })).map((job) => job.data.messageId)).toEqual([
      'a2',
    ]);
  });

  it('frees a chat whose job failed for good, and keeps the failure in the dead-letter queue', async () => {
    await enqueue(boss, 'chat.reply', { chatId: 'chat-c', messageId: 'c1' });
    await enqueue(boss, 'chat.reply', { chatId: 'chat-c', messageId: 'c2' });
    const [job] = await boss.fetch('chat.reply');
    // As pg-boss leaves a job whose retries ran out (or whose payload was refused).
    await database.sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${job?.id ?? ''}`;
    expect(await boss.fetch('chat.reply')).toEqual([]);

    expect(await releaseFailedKeys(boss, 'chat.reply')).toBe(1);
    expect((await boss.fetch<{ messageId: string }>('chat.reply')).map((next) => next.data.messageId)).toEqual(['c2']);
    expect(await releaseFailedKeys(boss, 'chat.reply')).toBe(0);
  });

  it('brings a queue created with another policy over once it holds no unfinished job', async () => {
    const dead = deadLetterQueueName('chat.reply');
    await boss.deleteQueue('chat.reply');
    await boss.createQueue('chat.reply', { policy: 'standard', deadLetter: dead });
    await boss.send('chat.reply', { chatId: 'old', messageId: 'o1' });

    // A waiting job keeps the old policy (nothing is dropped), with a warning.
    const busy = logLines();
    await ensureQueues(boss, busy.log);
    expect((await boss.getQueue('chat.reply'))?.policy).toBe('standard');
    expect(busy.lines).toContainEqual({ level: 'warn', message: expect.stringContaining('queue policy differs') });

    const [job] = await boss.fetch('chat.reply');
    await boss.complete('chat.reply', job?.id ?? '');
    const idle = logLines();
    await ensureQueues(boss, idle.log);
    expect((await boss.getQueue('chat.reply'))?.policy).toBe('key_strict_fifo');
    expect(idle.lines).toContainEqual({ level: 'info', message: 'queue recreated with the catalog policy' });
    expect(await enqueue(boss, 'chat.reply', { chatId: 'new', messageId: 'n1' })).toBeTypeOf('string');
  });
});
