// The job pump's settling against real pg-boss tables: jobs that finish together are completed by
// one statement, each with its own output, while a job that failed beside them goes to its retry.
import { enqueue } from '@doppel/jobs';
import { openTestQueues, type TestQueues } from '@doppel/jobs/testing';
import { silentLogger } from '@doppel/logging';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startJobPump } from './job-pump.ts';

let queues: TestQueues;
beforeAll(async () => {
  queues = await openTestQueues(inject('postgresServerUrl'));
});
afterAll(() => queues?.close());

type Row = { messageId: string; state: string; retryCount: number; output: unknown; completedOn: string | null };

describe('the job pump', () => {
  it('completes jobs that finish together in one statement, each with its own output, and retries the one that failed', async () => {
    // Four chats; the first holds a second message, which its chat's first reply holds back.
    const sent: Array<[chatId: string, messageId: string]> = [
      ['chat-1', 'ok-1'],
      ['chat-1', 'ok-1-next'],
      ['chat-2', 'ok-2'],
      ['chat-3', 'ok-3'],
      ['chat-4', 'bad'],
    ];
    for (const [chatId, messageId] of sent) await enqueue(queues.boss, 'chat.reply', { chatId, messageId });

    const runs: Array<{ messageId: string; retryCount: number }> = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const pump = startJobPump(queues.boss, 'chat.reply', {
      capacity: 10,
      pollingIntervalMs: 50,
      log: silentLogger,
      run: async (job) => {
        const { messageId } = job.data as { messageId: string };
        runs.push({ messageId, retryCount: job.retryCount });
        // The first four end in the same instant, so they settle together.
        if (runs.length === 4) release();
        await released;
        if (messageId === 'bad' && job.retryCount === 0) throw new Error('model down');
        return { id: job.id, status: 'completed', output: { answered: messageId, attempt: job.retryCount } };
      },
    });
    const rows = () =>
      queues.database.sql<Row[]>`
        select data->>'messageId' as "messageId", state, retry_count as "retryCount", output, completed_on::text as "completedOn"
          from pgboss.job where name = 'chat.reply' order by data->>'messageId'`;
    try {
      await expect
        .poll(async () => (await rows()).map((row) => row.state), { timeout: 20_000, interval: 100 })
        .toEqual(Array(5).fill('completed'));
    } finally {
      await pump.stop(5_000);
    }

    const byMessage = new Map((await rows()).map((row) => [row.messageId, row]));
    for (const messageId of ['ok-1', 'ok-1-next', 'ok-2', 'ok-3'])
      expect(byMessage.get(messageId), messageId).toMatchObject({ retryCount: 0, output: { answered: messageId, attempt: 0 } });
    // The failure went through the queue's retry (not completed with the others), and its retry completed.
    expect(byMessage.get('bad')).toMatchObject({ retryCount: 1, output: { answered: 'bad', attempt: 1 } });
    expect(runs.filter((run) => run.messageId === 'bad').map((run) => run.retryCount)).toEqual([0, 1]);
    // One statement completed the three that finished together: one transaction time.
    const together = ['ok-1', 'ok-2', 'ok-3'].map((messageId) => byMessage.get(messageId)?.completedOn);
    expect(new Set(together).size).toBe(1);
    // A chat's next job ran only once its first was completed in the batch.
    expect(runs.findIndex((run) => run.messageId === 'ok-1-next')).toBeGreaterThanOrEqual(4);
  });
});
