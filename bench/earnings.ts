// Benchmark: the creator's /earnings reads on a twin with a long, busy history.
//
// Fills a fresh embedded Postgres with one twin that has one million paid messages in its talent
// ledger over three years (1096 days), the DAY, MONTH and TOTAL frames summed from that ledger, and
// 200 pending payouts with their ledger entries; plus 50 other twins with a year each, so the
// indexes hold more than one twin. Then times each read as the API runs it (the use cases of
// @doppel/domain, without HTTP). Baseline, timed in the same run: one primary-key lookup of the
// talent row. Prints p50/p95 per read and its ratio to the baseline. Target: p95 < 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDbClient,
  type Database,
  earningFrames,
  migrateDatabase,
  startEmbeddedPostgres,
  talentLedger,
  talents,
} from '@doppel/db';
import {
  earningsStatementCsv,
  getEarningsMonth,
  getEarningsOverview,
  getWithdrawal,
  listCreatorPayouts,
} from '@doppel/domain/payouts';
import { getDashboardHome } from '@doppel/domain/talent';
import { and, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { freePort } from '../scripts/free-port.ts';
import { printReads } from './read-timing.ts';

const targetP95Ms = 20;
const runs = 200;
const talentId = 'et0';
const days = 1096;
const messages = 1_000_000;
const payoutCount = 200;
const otherTalents = 50;
const dayMs = 24 * 60 * 60 * 1000;

/** The frames' amount columns: the totals, each source's pair, and the reversals. */
const sources = [
  ['sendMessage', 'send_message'],
  ['unlockImage', 'unlock_image'],
  ['unlockAudio', 'unlock_audio'],
  ['subscription', 'subscription'],
  ['referral', 'referral'],
] as const;
const sourceAmounts = sources.flatMap(([, column]) => [`gross_${column}`, `net_${column}`]);
const amounts = ['gross_total', 'net_total', ...sourceAmounts, 'gross_reversal', 'net_reversal'];
const sumOf = (columns: string[]) => columns.map((column) => `sum(${column})`).join(', ');
/** A DAY frame's source columns: the ledger's earnings of that source, in `sourceAmounts` order. */
const sourceSums = sources
  .flatMap(([source]) =>
    ['gross', 'net'].map((side) => `coalesce(sum(${side}_micro_usd) filter (where source = '${source}'), 0)`),
  )
  .join(', ');

async function timeRuns(run: (index: number) => Promise<unknown>): Promise<number[]> {
  await run(0); // warm-up: plans prepared, pages in memory
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * The twin's ledger first (the truth), then its frames summed from it, so the frames agree with
 * the ledger exactly (net = 0.6 × gross). Days run up to today (UTC): today's frame is still
 * settling, as in production. Other twins get four earnings a day of mixed sources for a year.
 */
async function seed(sql: postgres.Sql, today: Date): Promise<void> {
  // ISO strings: postgres.js serialises a Date only where it knows the parameter's type.
  const first = new Date(today.getTime() - (days - 1) * dayMs).toISOString();
  const yearAgo = new Date(today.getTime() - 364 * dayMs).toISOString();
  await sql`insert into users (id, name, email) values ('eu0', 'Bench creator', 'bench-creator@bench.test')`;
  await sql`
    insert into talents (id, name, tag, created_at)
    select 'et' || i, 'Bench twin ' || i, 'bench_' || i, ${first}::timestamptz from generate_series(0, ${otherTalents}) as i`;
  await sql`insert into talent_configs (id) select 'et' || i from generate_series(0, ${otherTalents}) as i`;
  await sql`insert into talent_managers (user_id, talent_id) values ('eu0', ${talentId})`;
  await sql`insert into metric_frames (talent_id, chat_with_authentication_count, chat_with_payment_count) values (${talentId}, 5000, 800)`;
  // The frames are summed from the ledger below in three statements: booking a million entries one by
  // one into them (the ledger's trigger, migration 0041) would take minutes.
  await sql`alter table talent_ledger disable trigger talent_ledger_books_frames`;
  // Message i on day i mod 1096, spread over the day (at most 912 × 94 s < 24 h).
  await sql`
    insert into talent_ledger (id, key, talent_id, kind, source, gross_micro_usd, net_micro_usd, occurred_at)
    select 'el' || i, 'message:' || i, ${talentId}, 'EARNING', 'sendMessage', 100000, 60000,
      ${first}::timestamptz + (i % ${days}) * interval '1 day' + (i / ${days}) * interval '94 second'
    from generate_series(0, ${messages - 1}) as i`;
  await sql`
    insert into talent_ledger (id, key, talent_id, kind, source, gross_micro_usd, net_micro_usd, occurred_at)
    select 'elo' || i, 'message:o' || i, 'et' || (1 + i % ${otherTalents}), 'EARNING',
      (array['sendMessage', 'unlockImage', 'unlockAudio', 'subscription'])[1 + (i / ${otherTalents}) % 4]::earning_source,
      500000, 300000, ${yearAgo}::timestamptz + ((i / ${otherTalents * 4}) % 365) * interval '1 day' + (i % 4) * interval '5 hour'
    from generate_series(0, ${otherTalents * 365 * 4 - 1}) as i`;
  await sql.unsafe(`
    insert into earning_frames (id, talent_id, range, key, parent_key, started_at, ended_at, gross_total, net_total, ${sourceAmounts.join(', ')})
    select 'ed-' || talent_id || '-' || to_char(day, 'YYYY-MM-DD'), talent_id, 'DAY', to_char(day, 'YYYY-MM-DD'),
      to_char(day, 'YYYY-MM'), day at time zone 'UTC', (day + interval '1 day') at time zone 'UTC',
      sum(gross_micro_usd), sum(net_micro_usd),
      ${sourceSums}
    from (select talent_id, date_trunc('day', occurred_at at time zone 'UTC') as day, source, gross_micro_usd, net_micro_usd
      from talent_ledger where kind = 'EARNING') as earning
    group by talent_id, day`);
  await sql.unsafe(`
    insert into earning_frames (id, talent_id, range, key, parent_key, started_at, ended_at, ${amounts.join(', ')})
    select 'em-' || talent_id || '-' || parent_key, talent_id, 'MONTH', parent_key, 'total',
      date_trunc('month', min(started_at) at time zone 'UTC') at time zone 'UTC',
      (date_trunc('month', min(started_at) at time zone 'UTC') + interval '1 month') at time zone 'UTC', ${sumOf(amounts)}
    from earning_frames where range = 'DAY' group by talent_id, parent_key`);
  await sql.unsafe(`
    insert into earning_frames (id, talent_id, range, key, parent_key, started_at, ended_at, ${amounts.join(', ')})
    select 'eo-' || talent_id, talent_id, 'TOTAL', 'total', null, '2020-01-01T00:00:00Z', null, ${sumOf(amounts)}
    from earning_frames where range = 'MONTH' group by talent_id`);
  await sql`alter table talent_ledger enable trigger talent_ledger_books_frames`;
  // Pending payouts every 131 hours over the three years, each held by its request entry.
  await sql`
    insert into payouts (id, talent_id, status, amount, transfer_type, account_holder_name, iban, bic, pay_pal_email,
      requested_by_user_id, requested_at, created_at)
    select 'ep' || i, ${talentId}, 'PENDING', 10000 + (i * 3779) % 20000,
      (case when i % 2 = 0 then 'BANK_TRANSFER' else 'PAYPAL' end)::transfer_type,
      'Bench Creator', 'DE89370400440532013000', 'COBADEFFXXX', 'bench-creator@bench.test', 'eu0', at, at
    from generate_series(1, ${payoutCount}) as i, lateral (select ${first}::timestamptz + i * interval '131 hour' as at) as t`;
  await sql`
    insert into talent_ledger (id, key, talent_id, kind, payout_id, payout_status, held_cents, actor_user_id, occurred_at)
    select 'elp' || id, 'payout:' || id || ':1', talent_id, 'PAYOUT', id, 'PENDING', amount, requested_by_user_id, requested_at
    from payouts`;
  await sql`
    update talent_configs set account_holder_name = 'Bench Creator', iban = 'DE89370400440532013000', bic = 'COBADEFFXXX',
      total_payout_amount = (select coalesce(sum(held_cents), 0) from talent_ledger where talent_id = ${talentId} and kind = 'PAYOUT')
    where id = ${talentId}`;
  // VACUUM as autovacuum would have by now (visibility map for index-only scans), ANALYZE for the planner.
  await sql`vacuum analyze`;
}

async function explain(db: Database, title: string, query: SQLWrapper): Promise<void> {
  const rows = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
  console.log(`\n  EXPLAIN (ANALYZE, BUFFERS) ${title}`);
  for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
}

export async function benchEarnings(): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-earnings-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    // Two connections: the overview and the withdrawal read in parallel, as in the API.
    const client = createDbClient(server.url, { max: 2, applicationName: 'doppel-bench' });
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    console.log(
      `earnings: seeding one twin with ${messages.toLocaleString('en')} paid messages over ${days} days, ` +
        `${payoutCount} payouts, and ${otherTalents} twins with a year each`,
    );
    const seedStarted = performance.now();
    await seed(client.sql, today);
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const [counts] = await client.sql<{ ledger: string; frames: string }[]>`
      select (select count(*) from talent_ledger) as ledger, (select count(*) from earning_frames) as frames`;
    console.log(
      `  talent_ledger: ${Number(counts?.ledger).toLocaleString('en')} rows, earning_frames: ${Number(counts?.frames).toLocaleString('en')} rows`,
    );

    const db = client.db;
    const monthRows = await db
      .select({ key: earningFrames.key })
      .from(earningFrames)
      .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'MONTH')));
    const months = monthRows.map((row) => row.key);
    const secondPage = (await listCreatorPayouts(db, { talentId })).nextCursor;
    if (!secondPage) throw new Error('the payouts should run over one page');

    const reads: Array<[string, (index: number) => Promise<unknown>]> = [
      ['overview', () => getEarningsOverview(db, talentId)],
      ['month (random yyyy-MM)', (index) => getEarningsMonth(db, talentId, months[(index * 7919) % months.length] ?? '')],
      ['payouts, first page', () => listCreatorPayouts(db, { talentId })],
      ['payouts, next page (cursor)', () => listCreatorPayouts(db, { talentId, cursor: secondPage })],
      ['withdrawal', () => getWithdrawal(db, talentId)],
      ['statement CSV', () => earningsStatementCsv(db, talentId)],
      ['dashboard home', () => getDashboardHome(db, talentId, 'https://doppel.test')],
    ];

    const baseline = await timeRuns(() => db.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId)));
    const ok = await printReads(
      { title: 'read', what: 'read', baseline: { name: 'talent by primary key', times: baseline }, targetP95Ms },
      reads,
      timeRuns,
    );

    // The same statements as getEarningsOverview's months, settledNetMicroUsd (disbursable.ts) and
    // the statement's payout months (statement.ts), to show which index serves each.
    await explain(
      db,
      "overview's MONTH frames",
      db
        .select()
        .from(earningFrames)
        .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'MONTH')))
        .orderBy(desc(earningFrames.startedAt)),
    );
    // As disbursable.ts: drizzle's postgres.js driver passes a raw Date parameter through unserialised.
    const cutoff = new Date(now.getTime() - dayMs).toISOString();
    await explain(
      db,
      'disbursable sum of DAY frames',
      db
        .select({
          net: sql<string>`coalesce(sum(case when ${earningFrames.endedAt} <= ${cutoff}::timestamptz then ${earningFrames.netTotal} else -${earningFrames.netReversal} end), 0)`,
        })
        .from(earningFrames)
        .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'DAY'))),
    );
    // statement.ts's payout months: the one read whose rows sit among the twin's million earnings.
    const month = sql<string>`to_char(${talentLedger.occurredAt} at time zone 'UTC', 'YYYY-MM')`;
    await explain(
      db,
      "statement's payout months",
      db
        .select({
          month,
          requested: sql<string>`coalesce(sum(${talentLedger.heldCents}) filter (where ${talentLedger.previousPayoutStatus} is null), 0)`,
          paid: sql<string>`coalesce(sum(${talentLedger.paidCents}), 0)`,
          released: sql<string>`coalesce(-sum(${talentLedger.heldCents}) filter (where ${talentLedger.heldCents} < 0), 0)`,
        })
        .from(talentLedger)
        .where(and(eq(talentLedger.talentId, talentId), eq(talentLedger.kind, 'PAYOUT')))
        .groupBy(month),
    );
    await client.close();
    return { ok };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
