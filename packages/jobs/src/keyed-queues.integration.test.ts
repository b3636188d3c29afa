import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ensureQueues } from './boss.ts';
import { deadLetterQueueName } from './catalog.ts';
import { enqueue } from './enqueue.ts';
import { releaseFailedKeys } from './stalled-jobs.ts';
import { openTestQueues, type TestQueues } from './testing.ts';

let queues: TestQueues;
beforeAll(async () => {
  queues = await openTestQueues(inject('postgresServerUrl'));
});
afterAll(() => queues?.close());
beforeEach(async () => {
  await queues.boss.deleteAllJobs();
});

const logLines = () => {
  const lines: Array<{ level: string; message: string }> = [];
  const record = (level: string) => (message: string) => void lines.push({ level, message });
  const log = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  return { lines, log: log as never };
};

describe('the chat.reply queue', () => {
  it("gives out a chat's jobs one at a time, in the order sent, while other chats' run at once", async () => {
    const first = await enqueue(queues.boss, 'chat.reply', { chatId: 'chat-a', messageId: 'a1' });
    await enqueue(queues.boss, 'chat.reply', { chatId: 'chat-a', messageId: 'a2' });
    await enqueue(queues.boss, 'chat.reply', { chatId: 'chat-b', messageId: 'b1' });

    const claimed = await queues.boss.fetch<{ messageId: string }>('chat.reply', { batchSize: 10 });
    expect(claimed.map((job) => job.data.messageId).sort()).toEqual(['a1', 'b1']);
    // a2 waits for a1, even when a1 fails and waits for its retry.
    await queues.boss.fail('chat.reply', first as string, { message: 'model down' });
    expect(await queues.boss.fetch('chat.reply', { batchSize: 10, ignoreStartAfter: true })).toMatchObject([{ id: first }]);
    await queues.boss.complete('chat.reply', first as string);
    expect(
      (await queues.boss.fetch<{ messageId: string }>('chat.reply', { batchSize: 10 })).map((job) => job.data.messageId),
    ).toEqual(['a2']);
  });

  it('frees a chat whose job failed for good, and keeps the failure in the dead-letter queue', async () => {
    await enqueue(queues.boss, 'chat.reply', { chatId: 'chat-c', messageId: 'c1' });
    await enqueue(queues.boss, 'chat.reply', { chatId: 'chat-c', messageId: 'c2' });
    const [job] = await queues.boss.fetch('chat.reply');
    // As pg-queues.boss leaves a job whose retries ran out (or whose payload was refused).
    await queues.database.sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${job?.id ?? ''}`;
    expect(await queues.boss.fetch('chat.reply')).toEqual([]);

    expect(await releaseFailedKeys(queues.boss, 'chat.reply')).toBe(1);
    expect((await queues.boss.fetch<{ messageId: string }>('chat.reply')).map((next) => next.data.messageId)).toEqual(['c2']);
    expect(await releaseFailedKeys(queues.boss, 'chat.reply')).toBe(0);
  });

  it('brings a queue created with another policy over once it holds no unfinished job', async () => {
    const dead = deadLetterQueueName('chat.reply');
    await queues.boss.deleteQueue('chat.reply');
    await queues.boss.createQueue('chat.reply', { policy: 'standard', deadLetter: dead });
    await queues.boss.send('chat.reply', { chatId: 'old', messageId: 'o1' });

    // A waiting job keeps the old policy (nothing is dropped), with a warning.
    const busy = logLines();
    await ensureQueues(queues.boss, busy.log);
    expect((await queues.boss.getQueue('chat.reply'))?.policy).toBe('standard');
    expect(busy.lines).toContainEqual({ level: 'warn', message: expect.stringContaining('queue policy differs') });

    const [job] = await queues.boss.fetch('chat.reply');
    await queues.boss.complete('chat.reply', job?.id ?? '');
    const idle = logLines();
    await ensureQueues(queues.boss, idle.log);
    expect((await queues.boss.getQueue('chat.reply'))?.policy).toBe('key_strict_fifo');
    expect(idle.lines).toContainEqual({ level: 'info', message: 'queue recreated with the catalog policy' });
    expect(await enqueue(queues.boss, 'chat.reply', { chatId: 'new', messageId: 'n1' })).toBeTypeOf('string');
  });
});
