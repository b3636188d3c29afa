// A broadcast through the real worker process and pg-boss: prepared at its scheduledAt, sent in
// chunks, completed; and the same with the worker killed by SIGKILL halfway through sending and
// started again: every recipient ends with exactly one message (the chunks the dead worker held
// are retried once their heartbeat lapses, in seconds).
import { broadcasts, chatMessages, talents } from '@doppel/db';
import { createTestDatabase, seedBroadcastFans, type TestDatabase } from '@doppel/db/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../../../../scripts/worker-process.ts';

let database: TestDatabase;
let client: PgBoss;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  client = createBoss(database.url, { role: 'client' });
  await client.start();
});
afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await client?.stop({ graceful: false });
  await database?.drop();
});

async function startWorker(): Promise<WorkerProcess> {
  const worker = await startWorkerProcess(database.url);
  workers.push(worker);
  return worker;
}

/** A twin of its own with `matching` fans in the audience (and some who are not), and its broadcast. */
async function schedule(prefix: string, matching: number, scheduledAt: Date): Promise<string> {
  const talentId = `${prefix}-twin`;
  await database.db.insert(talents).values({ id: talentId, name: `Twin ${prefix}`, tag: talentId });
  await seedBroadcastFans(database.db, { prefix, talentId, matching, others: 50 });
  const [row] = await database.db
    .insert(broadcasts)
    .values({ talentId, message: `Hello ${prefix}`, scheduledAt })
    .returning({ id: broadcasts.id });
  const broadcastId = row?.id ?? '';
  await enqueue(client, 'broadcasts.prepare', { broadcastId }, { singletonKey: broadcastId, startAfter: scheduledAt });
  return broadcastId;
}

async function progress(broadcastId: string) {
  const [row] = await database.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  if (!row) throw new Error('broadcast gone');
  return row;
}

/** Recipients with no message, and messages beyond one per chat. */
async function deliveryGaps(broadcastId: string): Promise<{ missing: number; duplicates: number }> {
  const [row] = await database.db.execute<{ missing: number; duplicates: number }>(sql`
    select
      (select count(*)::int from broadcast_recipients r where r.broadcast_id = ${broadcastId}
        and not exists (select 1 from chat_messages m where m.broadcast_id = r.broadcast_id and m.chat_id = r.chat_id)) as missing,
      (select count(*)::int - count(distinct chat_id)::int from chat_messages where broadcast_id = ${broadcastId}) as duplicates`);
  return { missing: Number(row?.missing), duplicates: Number(row?.duplicates) };
}

describe('broadcasts through the worker', () => {
  it('prepares a broadcast at its time and sends it to the whole audience', async () => {
    const worker = await startWorker();
    try {
      const broadcastId = await schedule('bw1', 2500, new Date(Date.now() + 1500));
      expect((await progress(broadcastId)).status).toBe('SCHEDULED');
      await expect.poll(() => progress(broadcastId), { timeout: 60_000, interval: 50 }).toMatchObject({ status: 'COMPLETED' });
      const done = await progress(broadcastId);
      expect(done).toMatchObject({ scheduledMessageCount: 2500, sentMessageCount: 2500 });
      expect(done.startedPreparingAt?.getTime()).toBeGreaterThanOrEqual(done.scheduledAt.getTime());
      expect(await deliveryGaps(broadcastId)).toEqual({ missing: 0, duplicates: 0 });
      const [texts] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.text, 'Hello bw1'));
      expect(Number(texts?.n)).toBe(2500);
    } finally {
      await worker.kill('SIGTERM');
    }
  }, 90_000);

  it('sends every message exactly once when the worker is killed halfway and restarted', async () => {
    const first = await startWorker();
    const broadcastId = await schedule('bw2', 12_000, new Date());
    await expect
      .poll(async () => (await progress(broadcastId)).sentMessageCount, { timeout: 60_000, interval: 50 })
      .toBeGreaterThan(0);
    await first.kill('SIGKILL');
    const halfway = await progress(broadcastId);
    expect(halfway.status).toBe('SENDING_MESSAGES');
    expect(halfway.sentMessageCount).toBeLessThan(12_000);

    const second = await startWorker();
    try {
      await expect.poll(() => progress(broadcastId), { timeout: 120_000, interval: 50 }).toMatchObject({ status: 'COMPLETED' });
      const done = await progress(broadcastId);
      expect(done).toMatchObject({ scheduledMessageCount: 12_000, sentMessageCount: 12_000 });
      expect(await deliveryGaps(broadcastId)).toEqual({ missing: 0, duplicates: 0 });
    } finally {
      await second.kill('SIGTERM');
    }
  }, 180_000);
});
