// Benchmark: what the live-read mechanism costs a fan's send.
//
// Runs a send-like transaction (spend a credit, insert the message, bump the chat, add to the
// talent's DAY/MONTH/TOTAL earning frames) from 8 concurrent clients against a fresh embedded
// Postgres, in three variants measured in the same run:
//   baseline  the transaction alone
//   outbox    + the change event insert, with the live feed draining and fanning out meanwhile
//             (what the product does)
//   notify    + a pg_notify in every transaction (what DESIGN.md rules out), for reference
// Prints transactions per second and each variant's cost against the baseline. Target: the
// outbox costs at most 15 % of baseline throughput.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDbClient, createLiveFeed, migrateDatabase, newId, startEmbeddedPostgres } from '@doppel/db';
import type postgres from 'postgres';
import { freePort } from '../scripts/free-port.ts';

const clients = 8;
const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const targetOverhead = 0.15;

type Variant = 'baseline' | 'outbox' | 'notify';
type Lane = { fanId: string; chatId: string; talentId: string; frameIds: string[] };

async function prepareLanes(sql: postgres.Sql): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (let i = 0; i < clients; i++) {
    const lane: Lane = { fanId: newId(), chatId: newId(), talentId: newId(), frameIds: [newId(), newId(), newId()] };
    await sql`insert into users (id, email, name, paid_credits) values (${lane.fanId}, ${`fan${i}@bench.dev`}, 'Fan', 1000000000)`;
    await sql`insert into talents (id, name, tag) values (${lane.talentId}, ${`Talent ${i}`}, ${`bench_${i}`})`;
    await sql`insert into chats (id, talent_id, user_id) values (${lane.chatId}, ${lane.talentId}, ${lane.fanId})`;
    const ranges = [
      ['DAY', '2026-11-22'],
      ['MONTH', '2026-11'],
      ['TOTAL', 'total'],
    ] as const;
    for (const [index, [range, key]] of ranges.entries()) {
      await sql`insert into earning_frames (id, talent_id, range, key, started_at)
                values (${lane.frameIds[index] as string}, ${lane.talentId}, ${range}, ${key}, now())`;
    }
    lanes.push(lane);
  }
  return lanes;
}

async function send(sql: postgres.Sql, lane: Lane, variant: Variant): Promise<void> {
  await sql.begin(async (tx) => {
    const messageId = newId();
    const spent =
      await tx`update users set paid_credits = paid_credits - 1 where id = ${lane.fanId} and paid_credits >= 1 returning id`;
    if (spent.length === 0) throw new Error('out of credits');
    await tx`insert into chat_messages (id, chat_id, sender_type, text) values (${messageId}, ${lane.chatId}, 'USER', 'Hey, how was your day?')`;
    await tx`update chats set chat_message_count = chat_message_count + 1, updated_at = now(),
             has_user_interaction = true, has_user_interaction_with_paid_credits = true where id = ${lane.chatId}`;
    await tx`update earning_frames set gross_total = gross_total + 100000, net_total = net_total + 60000,
             gross_send_message = gross_send_message + 100000, net_send_message = net_send_message + 60000
             where id in ${tx(lane.frameIds)}`;
    if (variant === 'outbox') {
      await tx`insert into change_events (entity, row_id, scopes)
               values ('chat_messages', ${messageId}, ${[`chat:${lane.chatId}`, `talent:${lane.talentId}`, 'admin']})`;
    }
    if (variant === 'notify') await tx`select pg_notify('bench_changes', ${messageId})`;
  });
}

async function measure(
  sql: postgres.Sql,
  lanes: Lane[],
  variant: Variant,
  seconds: number,
  afterCommit: () => void,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let count = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (performance.now() < deadline) {
        await send(sql, lane, variant);
        afterCommit();
        count++;
      }
    }),
  );
  return count / seconds;
}

export async function benchLiveReads(): Promise<{ ok: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'doppel-bench-'));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: clients + 2, applicationName: 'doppel-bench' });
    const feed = createLiveFeed(client);
    let delivered = 0;
    feed.subscribe(() => {
      delivered++;
    });
    await feed.start();
    const lanes = await prepareLanes(client.sql);
    const results: Record<Variant, number[]> = { baseline: [], outbox: [], notify: [] };
    const variants: Variant[] = ['baseline', 'outbox', 'notify'];

    console.log(`live reads: send-like transaction, ${clients} clients, ${rounds} rounds of ${secondsPerRound}s per variant`);
    await measure(client.sql, lanes, 'baseline', 2, () => {}); // warm-up
    for (let round = 0; round < rounds; round++) {
      // Interleaved rounds, so drift of the machine hits every variant alike.
      for (const variant of variants) {
        const tps = await measure(client.sql, lanes, variant, secondsPerRound, variant === 'outbox' ? feed.nudge : () => {});
        results[variant].push(tps);
        console.log(`  round ${round + 1} ${variant.padEnd(8)} ${tps.toFixed(0).padStart(6)} tx/s`);
      }
    }
    await new Promise((done) => setTimeout(done, 500));
    await feed.stop();
    const [pending] = await client.sql`select count(*)::int as n from change_events where seq is null`;
    await client.close();

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const baseline = median(results.baseline);
    console.log('\n  variant   tx/s (median)   cost vs baseline');
    for (const variant of variants) {
      const tps = median(results[variant]);
      const cost = variant === 'baseline' ? '' : `${(((baseline - tps) / baseline) * 100).toFixed(1)} %`;
      console.log(`  ${variant.padEnd(9)} ${tps.toFixed(0).padStart(13)}   ${cost}`);
    }
    const overhead = (baseline - median(results.outbox)) / baseline;
    const ok = overhead <= targetOverhead;
    console.log(`\n  live feed delivered ${delivered} events; ${pending?.n ?? '?'} left unstamped at the end`);
    console.log(
      `  target: outbox costs at most ${targetOverhead * 100} % -> ${ok ? 'met' : 'NOT met'} (${(overhead * 100).toFixed(1)} %)`,
    );
    return { ok };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
