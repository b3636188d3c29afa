import { newId, sessions, users } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createErrorReporter } from '@doppel/integrations';
import { type FakeSentry, startFakeSentry } from '@doppel/integrations/testing';
import type { JobName } from '@doppel/jobs';
import { createBoss, enqueue, notifyBackstopPollingSeconds, withJobOrigin } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type RunningWorker, startWorker } from './worker.ts';

let database: TestDatabase;
let worker: RunningWorker;
let client: PgBoss;
let sentry: FakeSentry;
/** What the worker logged at info and above, to check what its lines carry. */
const logged: { message: string; fields: Record<string, unknown> }[] = [];
const capture = (message: string, fields: Record<string, unknown> = {}) => void logged.push({ message, fields });
const capturingLogger = { ...silentLogger, info: capture, warn: capture, error: capture };

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  sentry = await startFakeSentry();
  const errorReporter = await createErrorReporter({ dsn: sentry.dsn, service: 'worker', release: '0.0.0-test' });
  worker = await startWorker({ databaseUrl: database.url, errorReporter, log: capturingLogger });
  // Jobs are sent from a separate, client-role instance, as the API would send them.
  client = createBoss(database.url, { role: 'client' });
  await client.start();
});
afterAll(async () => {
  await client?.stop({ graceful: false });
  await worker?.stop();
  await database?.drop();
  await sentry?.close();
});

/** The job once it has finished (completed, failed or cancelled). */
function waitForJob(name: JobName, id: string, timeout = 10_000) {
  return vi.waitFor(
    async () => {
      const job = await client.getJobById(name, id);
      if (!job || !['completed', 'failed', 'cancelled'].includes(job.state)) {
        throw new Error(`job ${name} ${id} still ${job?.state ?? 'missing'}`);
      }
      return job;
    },
    { timeout, interval: 20 },
  );
}

describe('worker', () => {
  it('creates every catalog queue with its dead-letter queue and registers the cleanup schedule', async () => {
    const queue = await client.getQueue('session.cleanup');
    expect(queue).toMatchObject({
      name: 'session.cleanup',
      policy: 'stately',
      retryLimit: 3,
      deadLetter: 'session.cleanup.dead',
    });
    expect(await client.getQueue('session.cleanup.dead')).not.toBeNull();
    expect(await client.getQueue('system.ping')).toMatchObject({ notify: true });
    const schedules = await client.getSchedules('session.cleanup');
    expect(schedules.map((schedule) => schedule.cron)).toEqual(['*/15 * * * *']);
  });

  it('runs session.cleanup end to end: enqueue -> worker -> expired rows gone', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: `worker-${newId()}@example.com` })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await db.insert(sessions).values([
      { id: 'expired', secretHash: 'unused', userId: user.id, expiresAt: past, absoluteExpiresAt: future },
      { id: 'live', secretHash: 'unused', userId: user.id, expiresAt: future, absoluteExpiresAt: future },
    ]);

    const id = await enqueue(client, 'session.cleanup', {});
    const job = await waitForJob('session.cleanup', id ?? '');

    expect(job.state).toBe('completed');
    expect(job.output).toEqual({ sessions: 1, signInTokens: 0, embedSignIns: 0, anonymousFanAddresses: 0 });
    const left = await db.select({ id: sessions.id }).from(sessions);
    expect(left.map((row) => row.id)).toEqual(['live']);
  });

  it('announces a sent ping over LISTEN/NOTIFY, and an idle worker answers it', async () => {
    // How soon it answers is measured by `npm run bench -- job-pickup`, not asserted here: the
    // test holds what makes the wake-up possible and that the job arrives and is answered.
    expect(await client.getQueue('system.ping')).toMatchObject({ name: 'system.ping', notify: true });
    expect(notifyBackstopPollingSeconds).toBe(10);
    for (let round = 0; round < 2; round++) {
      const sentAt = new Date();
      const id = await enqueue(client, 'system.ping', { sentAt: sentAt.toISOString() });
      const job = await waitForJob('system.ping', id ?? '', 15_000);
      expect(job.state).toBe('completed');
      const output = job.output as { receivedAt: string; latencyMs: number };
      // Taken after it was sent, and the latency it reports is that same span.
      expect(Date.parse(output.receivedAt)).toBeGreaterThanOrEqual(sentAt.getTime());
      expect(output.latencyMs).toBe(Date.parse(output.receivedAt) - sentAt.getTime());
    }
  });

  it('sends a job whose payload fails its schema straight to the dead-letter queue', async () => {
    // Bypasses enqueue's validation on purpose: an old producer or a hand-written row.
    const id = await client.send('system.ping', { sentAt: 'yesterday' });
    const job = await waitForJob('system.ping', id ?? '');
    expect(job.state).toBe('failed');
    const dead = await client.findJobs('system.ping.dead');
    expect(dead.map((entry) => entry.sourceId)).toContain(id);
    // A producer's bug: reported with the job's name and id.
    const [event] = await sentry.waitForEvents(1);
    expect(event?.tags).toMatchObject({ service: 'worker', job: 'system.ping', job_id: id });
    expect(event?.exception?.values?.map((value) => value.type)).toContain('InvalidJobPayloadError');
  });

  it('logs the request that sent a job on its lines, and passes it on to the jobs it sends', async () => {
    const id = await withJobOrigin({ requestId: 'req-trace-1' }, () => enqueue(client, 'system.ping', {}));
    const job = await waitForJob('system.ping', id ?? '');
    expect(job.state).toBe('completed');
    expect(job.data).toMatchObject({ $origin: { requestId: 'req-trace-1' } });
    expect(logged.find((line) => line.message === 'job completed' && line.fields.jobId === id)?.fields).toMatchObject({
      job: 'system.ping',
      requestId: 'req-trace-1',
    });

    // A rejected payload's line names the request too; a job sent without one carries none.
    const bad = await client.send('system.ping', { sentAt: 'yesterday', $origin: { requestId: 'req-trace-2' } });
    await waitForJob('system.ping', bad ?? '');
    expect(logged.find((line) => line.message === 'job payload rejected' && line.fields.jobId === bad)?.fields).toMatchObject({
      requestId: 'req-trace-2',
    });
    const plain = await enqueue(client, 'system.ping', {});
    await waitForJob('system.ping', plain ?? '');
    expect(logged.find((line) => line.message === 'job completed' && line.fields.jobId === plain)?.fields).not.toHaveProperty(
      'requestId',
    );
  });
});
