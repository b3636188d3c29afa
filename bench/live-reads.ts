// Benchmark: what the live-read mechanism costs a fan's send.
//
// Runs the send transaction (bench/send-sql.ts: lock the fan, debit, insert the message, bump the
// chat, enqueue the reply job, book the talent's DAY/MONTH/TOTAL frames) in pgbench with 8 clients
// against a fresh embedded Postgres with the demo data, in three variants measured in the same run:
//   none     the transaction alone (baseline)
//   outbox   + the change-event insert (one row per transaction), with the live feed nudged every
//            10 ms meanwhile (as the API nudges after its commits; the feed sends one NOTIFY per
//            batch) and reading and fanning out what became final: the product's mechanism
//   notify   + a pg_notify in every transaction, with a listener (what DESIGN.md rules out)
// Prints transactions per second and each variant's cost. Target: the outbox costs at most 15 %.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDbClient, createLiveFeed, migrateDatabase, seedDemoData, startEmbeddedPostgres, talents } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';
import { createBenchFans, hasPgbench, installJobQueues, type LiveVariant, runPgbench, sendTransactionSql } from './send-sql.ts';

const clients = 8;
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const targetOverhead = 0.15;

export async function benchLiveReads(): Promise<{ ok: boolean }> {
  if (!hasPgbench()) {
    console.log('live reads: pgbench is missing (apt-get install postgresql-client)');
    return { ok: false };
  }
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-live-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    await installJobQueues(server.url);
    const client = createDbClient(server.url, { max: 4, applicationName: 'doppel-bench' });
    await seedDemoData(client.db);
    const [mia] = await client.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
    if (!mia) throw new Error('the demo twin is missing');
    await createBenchFans(client.db, mia.id, clients);

    const feed = createLiveFeed(client);
    let delivered = 0;
    feed.subscribe(() => {
      delivered++;
    });
    let notified = 0;
    await client.sql.listen('bench_changes', () => {
      notified++;
    });

    const variants: LiveVariant[] = ['none', 'outbox', 'notify'];
    const results: Record<LiveVariant, number[]> = { none: [], outbox: [], notify: [] };
    console.log(`live reads: the send transaction in pgbench, ${clients} clients, ${rounds} rounds of ${seconds}s per variant`);
    await runPgbench(server.url, sendTransactionSql(mia.id, clients, 'none'), { clients, seconds: 2, dir }); // warm-up
    for (let round = 0; round < rounds; round++) {
      // Interleaved rounds, so drift of the machine hits every variant alike.
      for (const variant of variants) {
        if (variant === 'outbox') await feed.start();
        // pgbench's writes cannot nudge; this stands in for the API's nudges after its commits.
        const nudges = variant === 'outbox' ? setInterval(() => feed.nudge(), 10) : undefined;
        const tps = await runPgbench(server.url, sendTransactionSql(mia.id, clients, variant), { clients, seconds, dir });
        clearInterval(nudges);
        if (variant === 'outbox') await feed.stop();
        results[variant].push(tps);
        console.log(`  round ${round + 1} ${variant.padEnd(7)} ${tps.toFixed(0).padStart(6)} tx/s`);
      }
    }
    await client.close();

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const baseline = median(results.none);
    console.log('\n  variant   tx/s (median)   cost vs none');
    for (const variant of variants) {
      const tps = median(results[variant]);
      const cost = variant === 'none' ? '' : `${(((baseline - tps) / baseline) * 100).toFixed(1)} %`;
      console.log(`  ${variant.padEnd(9)} ${tps.toFixed(0).padStart(13)}   ${cost}`);
    }
    const overhead = (baseline - median(results.outbox)) / baseline;
    const ok = overhead <= targetOverhead;
    console.log(`\n  the feed delivered ${delivered} events; the NOTIFY listener got ${notified}`);
    console.log(
      `  target: the outbox costs at most ${targetOverhead * 100} % -> ${ok ? 'met' : 'NOT met'} (${(overhead * 100).toFixed(1)} %)`,
    );
    return { ok };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
