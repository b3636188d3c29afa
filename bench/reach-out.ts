// Benchmark: the twin reaching out to 1,000,000 fans across 1,000 twins (docs/reach-out.md).
//
// Seeds a fresh embedded Postgres with 1,000 twins of 1,000 fans each, every twin's check-in on
// (one message, 7 quiet days). 2 % of the fans went quiet 10 days ago and are due; 2 % went quiet
// as long ago but were already written to; the rest wrote in the last 6 days. Every fan's clock is
// early afternoon, so quiet hours hold nobody back. It prints
//   reach-out: found N due in X s (median of 3) …
// for the evaluation's query over all triggers, then runs the chat.reach-out job on the real worker
// process (`apps/worker/src/main.ts`, the offline engine writing), SIGKILLs the worker halfway, starts
// another, and prints the messages/s while a worker was sending, then duplicates (occasions with more
// than one message) and missing (due fans with none). Baseline, in the same run: the same number of
// messages inserted by one bare INSERT … SELECT (the table's write ceiling).
// Targets: found in under 10 s, at least 1,000 messages/s, duplicates 0 and missing 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDbClient, type Database, migrateDatabase, startEmbeddedPostgres } from '@doppel/db';
import { findDueOccasions } from '@doppel/domain/reach-out';
import { createBoss, enqueue } from '@doppel/jobs';
import { sql } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';
import { startWorkerProcess, type WorkerProcess } from '../scripts/worker-process.ts';

const twins = 1_000;
const fansPerTwin = Number(process.env.BENCH_REACH_OUT_FANS_PER_TWIN ?? 1_000);
/** One fan in this many is due, and one more as many was written to already. */
const dueEvery = 50;
const targets = { findSeconds: 10, messagesPerSecond: 1_000 };

/** An `Etc/GMT` zone where it is 13:00 or 14:00 now (their signs are inverted: Etc/GMT-2 is UTC+2). */
function afternoonZone(now = new Date()): string {
  let offset = (13 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export async function seedReachOutFans(db: Database, fans: number): Promise<void> {
  const zone = afternoonZone();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into talents (id, name, tag) select 'rt' || g, 'Twin ' || g, 'rtwin' || g from generate_series(1, ${twins}::int) g`);
    await tx.execute(sql`
      insert into reach_out_triggers (talent_id, kind, enabled, params)
      select 'rt' || g, 'CHECK_IN', true, '{"minMessages":1,"quietDays":7}'::jsonb from generate_series(1, ${twins}::int) g`);
    await tx.execute(sql`
      insert into users (id, name, email, time_zone)
      select 'ru' || n, 'Fan ' || n, 'ro-fan-' || n || '@example.com', ${zone} from generate_series(1, ${fans}::int) n`);
    await tx.execute(sql`
      insert into chats (id, user_id, talent_id, chat_message_count, has_user_interaction, last_user_message_at)
      select 'rc' || n, 'ru' || n, 'rt' || (1 + (n - 1) % ${twins}::int), 2, true,
        case when n % ${dueEvery}::int in (0, 1) then now() - interval '10 days'
          else now() - interval '1 hour' - (n % 6) * interval '1 day' end
      from generate_series(1, ${fans}::int) n`);
    // The quiet fans' message; the others' are not read (they are not quiet long enough).
    await tx.execute(sql`
      insert into chat_messages (id, chat_id, sender_type, text, created_at)
      select 'rm' || n, 'rc' || n, 'USER', 'see you soon', now() - interval '10 days'
      from generate_series(1, ${fans}::int) n where n % ${dueEvery}::int in (0, 1)`);
    await tx.execute(sql`
      insert into reach_outs (id, talent_id, user_id, chat_id, kind, occasion_key, status, sent_at, created_at)
      select 'rr' || n, 'rt' || (1 + (n - 1) % ${twins}::int), 'ru' || n, 'rc' || n, 'CHECK_IN', 'check-in:seeded', 'SENT',
        now() - interval '2 days', now() - interval '2 days'
      from generate_series(1, ${fans}::int) n where n % ${dueEvery}::int = 1`);
  });
}

type Sample = { at: number; sent: number };

async function sentSince(db: Database, since: Date): Promise<Sample> {
  const [row] = await db.execute<{ sent: number }>(
    sql`select count(*)::int as sent from reach_outs where created_at >= ${since.toISOString()}::timestamptz`,
  );
  return { at: performance.now(), sent: Number(row?.sent) };
}

async function watch(db: Database, since: Date, done: (s: Sample) => boolean, timeoutMs: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const current = await sentSince(db, since);
    samples.push(current);
    if (done(current)) return samples;
    if (performance.now() > deadline) throw new Error(`timed out at ${current.sent} sent`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchReachOut(): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-reach-out-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  const workers: WorkerProcess[] = [];
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: 2, applicationName: 'doppel-bench' });
    const db = client.db;
    const fans = twins * fansPerTwin;
    console.log(`reach-out: seeding ${twins.toLocaleString('en')} twins × ${fansPerTwin.toLocaleString('en')} fans`);
    const seeded = performance.now();
    await seedReachOutFans(db, fans);
    await client.sql`analyze`;
    console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const findTimes: number[] = [];
    let due = 0;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      due = (await findDueOccasions(db, new Date())).length;
      findTimes.push((performance.now() - started) / 1000);
    }
    const findSeconds = median(findTimes);
    const expected = Math.floor(fans / dueEvery);

    // Baseline: as many messages in one bare statement (no rules, rows, counters or events).
    const baseStarted = performance.now();
    await client.sql`
      insert into chat_messages (id, chat_id, sender_type, text, created_at)
      select left(md5(gen_random_uuid()::text), 20), id, 'TALENT', 'baseline', now() from chats limit ${expected}`;
    const baseRate = expected / ((performance.now() - baseStarted) / 1000);
    await client.sql`delete from chat_messages where text = 'baseline'`;

    const since = new Date();
    const boss = createBoss(server.url, { role: 'client' });
    await boss.start();
    let worker = await startWorkerProcess(server.url);
    workers.push(worker);
    await enqueue(boss, 'chat.reach-out', { trigger: 'manual' });
    const first = await watch(db, since, (s) => s.sent > 0, 120_000);
    const sendingFrom = first.at(-1) as Sample;
    const half = await watch(db, since, (s) => s.sent >= expected / 2, 300_000);
    const killedAt = performance.now();
    await worker.kill('SIGKILL');
    const atKill = half.at(-1)?.sent ?? 0;
    worker = await startWorkerProcess(server.url);
    workers.push(worker);
    // The killed run's heartbeat lapses and pg-boss retries it on the new worker.
    const resumed = await watch(db, since, (s) => s.sent > atKill, 180_000);
    const recoveryMs = (resumed.at(-1)?.at ?? killedAt) - killedAt;
    const finished = await watch(db, since, (s) => s.sent >= expected, 600_000);
    const sendingSeconds = ((finished.at(-1)?.at ?? 0) - sendingFrom.at - recoveryMs) / 1000;
    const rate = expected / sendingSeconds;

    const [gaps] = await db.execute<{ duplicates: number; missing: number; messages: number }>(sql`
      select
        (select count(*)::int from (select chat_id from chat_messages where reach_out_id is not null group by chat_id having count(*) > 1) d) as duplicates,
        (select count(*)::int from chats c where c.id like 'rc%' and c.last_user_message_at < now() - interval '9 days'
          and not exists (select 1 from reach_outs r where r.chat_id = c.id)) as missing,
        (select count(*)::int from chat_messages where reach_out_id is not null) as messages`);
    const duplicates = Number(gaps?.duplicates);
    const missing = Number(gaps?.missing);
    const met =
      findSeconds < targets.findSeconds &&
      rate >= targets.messagesPerSecond &&
      duplicates === 0 &&
      missing === 0 &&
      due === expected;
    console.log(
      `  found ${due.toLocaleString('en')} due of ${fans.toLocaleString('en')} fans in ${findSeconds.toFixed(2)} s (median of ${findTimes.map((t) => t.toFixed(2)).join(', ')})`,
    );
    console.log(
      `  worker SIGKILLed at ${atKill.toLocaleString('en')} sent; sending resumed ${(recoveryMs / 1000).toFixed(1)} s after the kill (heartbeat lapse and retry)`,
    );
    console.log(
      `reach-out: found ${due} due in ${findSeconds.toFixed(2)} s, sent at ${Math.round(rate)} messages/s, duplicates ${duplicates}, missing ${missing}, messages ${gaps?.messages}` +
        `  [baseline INSERT … SELECT ${Math.round(baseRate)} messages/s, ${(rate / baseRate).toFixed(2)}×]  ${met ? 'met' : 'MISSED'}`,
    );
    await worker.kill('SIGTERM');
    await boss.stop({ graceful: false });
    await client.close();
    return { ok: met };
  } finally {
    for (const worker of workers) await Promise.race([worker.kill('SIGKILL'), new Promise((r) => setTimeout(r, 2000))]);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
