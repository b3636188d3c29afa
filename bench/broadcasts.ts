// Benchmark: a broadcast to 100,000 fans on the real worker process (docs/broadcasts.md).
//
// Seeds a fresh embedded Postgres with two twins, each with 100,000 fans in spec 4's audience and
// 4 × 5,000 who are not (anonymous, wrote in the last 10 minutes, over a month ago, never), then
// schedules one broadcast per twin and lets `apps/worker/src/main.ts` send it. The second run
// kills the worker with SIGKILL halfway through sending and starts it again. Per run it prints
//   broadcasts: audience N, prepared in X s, sent at Y messages/s, duplicates D, missing M
// where X is PREPARING → SENDING_MESSAGES, Y is messages over the time a worker was sending (the
// second run also prints how long the chunks the dead worker held took to come back), D the
// messages beyond one per recipient and M the recipients without one. Baseline, in the same run:
// the same number of messages inserted by one bare INSERT … SELECT (the table's write ceiling).
// Targets: prepared under 5 s, at least 2,000 messages/s, D = 0 and M = 0 in both runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { broadcasts, createDbClient, type Database, migrateDatabase, startEmbeddedPostgres, talents } from '@doppel/db';
import { seedBroadcastFans } from '@doppel/db/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { eq, sql } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';
import { startWorkerProcess } from '../scripts/worker-process.ts';

const audience = Number(process.env.BENCH_BROADCAST_AUDIENCE ?? 100_000);
const outsiders = 5_000;
const targets = { preparedSeconds: 5, messagesPerSecond: 2_000 };

type Sample = { at: number; status: string; sent: number; scheduled: number };

async function sample(db: Database, broadcastId: string): Promise<Sample> {
  const [row] = await db
    .select({ status: broadcasts.status, sent: broadcasts.sentMessageCount, scheduled: broadcasts.scheduledMessageCount })
    .from(broadcasts)
    .where(eq(broadcasts.id, broadcastId));
  if (!row) throw new Error('the broadcast is gone');
  return { at: performance.now(), ...row };
}

/** Polls every 20 ms until `done`; returns every sample taken. */
async function watch(db: Database, broadcastId: string, done: (s: Sample) => boolean, timeoutMs: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const current = await sample(db, broadcastId);
    samples.push(current);
    if (done(current)) return samples;
    if (performance.now() > deadline) throw new Error(`timed out: ${current.status} ${current.sent}/${current.scheduled}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function gaps(db: Database, broadcastId: string): Promise<{ duplicates: number; missing: number }> {
  const [row] = await db.execute<{ duplicates: number; missing: number }>(sql`
    select
      (select count(*)::int - count(distinct chat_id)::int from chat_messages where broadcast_id = ${broadcastId}) as duplicates,
      (select count(*)::int from broadcast_recipients r where r.broadcast_id = ${broadcastId}
        and not exists (select 1 from chat_messages m where m.broadcast_id = r.broadcast_id and m.chat_id = r.chat_id)) as missing`);
  return { duplicates: Number(row?.duplicates), missing: Number(row?.missing) };
}

export async function benchBroadcasts(): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-broadcasts-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  const children: Array<{ kill: (signal: NodeJS.Signals) => Promise<number | null> }> = [];
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: 2, applicationName: 'doppel-bench' });
    const db = client.db;
    console.log(
      `broadcasts: seeding 2 twins × ${audience.toLocaleString('en')} fans in the audience and ${(4 * outsiders).toLocaleString('en')} who are not`,
    );
    const seeded = performance.now();
    for (const prefix of ['ba', 'bb']) {
      await db.insert(talents).values({ id: `${prefix}-twin`, name: `Twin ${prefix}`, tag: `${prefix}twin` });
      await seedBroadcastFans(db, { prefix, talentId: `${prefix}-twin`, matching: audience, others: outsiders });
    }
    await client.sql`analyze`;
    console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    // Baseline: the same number of messages in one bare statement (no chunks, counters, events).
    const baseStarted = performance.now();
    await client.sql`
      insert into chat_messages (id, chat_id, sender_type, text, created_at)
      select left(md5(gen_random_uuid()::text), 20), id, 'TALENT', 'baseline', now() from chats where talent_id = 'ba-twin' limit ${audience}`;
    const baseRate = audience / ((performance.now() - baseStarted) / 1000);
    await client.sql`delete from chat_messages where text = 'baseline'`;
    console.log(
      `  baseline: one INSERT … SELECT of ${audience.toLocaleString('en')} messages: ${Math.round(baseRate).toLocaleString('en')} messages/s`,
    );

    const boss = createBoss(server.url, { role: 'client' });
    await boss.start();
    let ok = true;
    for (const [index, prefix] of ['ba', 'bb'].entries()) {
      const kill = index === 1;
      const [row] = await db
        .insert(broadcasts)
        .values({ talentId: `${prefix}-twin`, message: `Hello from ${prefix}`, scheduledAt: new Date() })
        .returning({ id: broadcasts.id });
      const broadcastId = row?.id ?? '';
      let worker = await startWorkerProcess(server.url);
      children.push(worker);
      await enqueue(boss, 'broadcasts.prepare', { broadcastId }, { singletonKey: broadcastId });
      const untilSending = await watch(db, broadcastId, (s) => s.status !== 'SCHEDULED' && s.status !== 'PREPARING', 60_000);
      const preparing = untilSending.find((s) => s.status === 'PREPARING') ?? untilSending[0];
      const sendingFrom = untilSending.at(-1);
      if (!preparing || !sendingFrom) throw new Error('no samples');
      const preparedSeconds = (sendingFrom.at - preparing.at) / 1000;

      let downMs = 0;
      let recoveryMs = 0;
      if (kill) {
        const half = await watch(db, broadcastId, (s) => s.sent >= s.scheduled / 2, 120_000);
        const killedAt = performance.now();
        await worker.kill('SIGKILL');
        const atKill = half.at(-1)?.sent ?? 0;
        worker = await startWorkerProcess(server.url);
        children.push(worker);
        downMs = performance.now() - killedAt;
        const resumed = await watch(db, broadcastId, (s) => s.sent > atKill || s.status === 'COMPLETED', 120_000);
        recoveryMs = (resumed.at(-1)?.at ?? killedAt) - killedAt;
        console.log(
          `  run ${index + 1}: worker killed (SIGKILL) at ${atKill.toLocaleString('en')} sent; restarted in ${(downMs / 1000).toFixed(1)} s; sending resumed ${(recoveryMs / 1000).toFixed(1)} s after the kill`,
        );
      }
      const finished = await watch(db, broadcastId, (s) => s.status === 'COMPLETED', 300_000);
      const completedAt = finished.at(-1)?.at ?? 0;
      // A worker was sending from SENDING_MESSAGES to COMPLETED, except between the kill and the resumption.
      const sendingSeconds = (completedAt - sendingFrom.at - recoveryMs) / 1000;
      const total = finished.at(-1)?.scheduled ?? 0;
      const rate = total / sendingSeconds;
      const { duplicates, missing } = await gaps(db, broadcastId);
      const met =
        preparedSeconds < targets.preparedSeconds && rate >= targets.messagesPerSecond && duplicates === 0 && missing === 0;
      ok &&= met && total === audience;
      console.log(
        `broadcasts: audience ${total}, prepared in ${preparedSeconds.toFixed(2)} s, sent at ${Math.round(rate)} messages/s, duplicates ${duplicates}, missing ${missing}` +
          `${kill ? ' (worker SIGKILLed halfway)' : ''}  [${(rate / baseRate).toFixed(2)}× baseline]  ${met ? 'met' : 'MISSED'}`,
      );
      await worker.kill('SIGTERM');
    }
    console.log(
      `\n  targets: prepared under ${targets.preparedSeconds} s, at least ${targets.messagesPerSecond.toLocaleString('en')} messages/s, no duplicate or missing message: ${ok ? 'met' : 'MISSED'}`,
    );
    await boss.stop({ graceful: false });
    await client.close();
    return { ok };
  } finally {
    for (const child of children) await Promise.race([child.kill('SIGKILL'), new Promise((r) => setTimeout(r, 2000))]);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
