import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { InvalidJobPayloadError } from './catalog.ts';
import { enqueue } from './enqueue.ts';
import { openTestQueues, type TestQueues } from './testing.ts';

let queues: TestQueues;
beforeAll(async () => {
  queues = await openTestQueues(inject('postgresServerUrl'));
});
afterAll(() => queues?.close());

beforeEach(async () => {
  await queues.boss.deleteAllJobs();
});

class Rollback extends Error {}

describe('enqueue', () => {
  it('leaves no job behind when the caller transaction rolls back', async () => {
    let jobId: string | null = null;
    await expect(
      queues.database.db.transaction(async (tx) => {
        jobId = await enqueue(queues.boss, 'session.cleanup', {}, { tx });
        throw new Rollback('caller failed after enqueueing');
      }),
    ).rejects.toBeInstanceOf(Rollback);

    expect(jobId).toBeTypeOf('string');
    expect(await queues.boss.getJobById('session.cleanup', jobId as unknown as string)).toBeNull();
  });

  it('commits the job with the caller transaction', async () => {
    let jobId: string | null = null;
    await queues.database.db.transaction(async (tx) => {
      jobId = await enqueue(queues.boss, 'session.cleanup', { trigger: 'manual' }, { tx });
      // Not visible outside the transaction before it commits.
      expect(await queues.boss.getJobById('session.cleanup', jobId as unknown as string)).toBeNull();
    });

    const job = await queues.boss.getJobById('session.cleanup', jobId as unknown as string);
    expect(job?.state).toBe('created');
    expect(job?.data).toEqual({ trigger: 'manual' });
  });

  it('applies payload defaults and rejects payloads the catalog does not allow', async () => {
    const jobId = await enqueue(queues.boss, 'session.cleanup', {});
    const job = await queues.boss.getJobById('session.cleanup', jobId ?? '');
    expect(job?.data).toEqual({ trigger: 'manual' });

    await expect(enqueue(queues.boss, 'session.cleanup', { trigger: 'sometimes' } as never)).rejects.toBeInstanceOf(
      InvalidJobPayloadError,
    );
  });

  it('deduplicates on a singleton key while the first job is queued (stately queue)', async () => {
    const first = await enqueue(queues.boss, 'session.cleanup', {}, { singletonKey: 'once' });
    const second = await enqueue(queues.boss, 'session.cleanup', {}, { singletonKey: 'once' });
    const other = await enqueue(queues.boss, 'session.cleanup', {}, { singletonKey: 'other' });
    expect(first).toBeTypeOf('string');
    expect(second).toBeNull();
    expect(other).toBeTypeOf('string');
  });
});
