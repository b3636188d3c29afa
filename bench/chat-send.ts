// Benchmark: fan sends through the real tRPC endpoint, against the same SQL in pgbench.
//
// Starts a fresh embedded Postgres with the demo data, the real API and worker processes (the
// worker's model is a local fake OpenAI server that answers at once), and 50 signed-in fans with
// plenty of paid credits, each in their own chat with the demo twin. Then, in one run:
//   1. endpoint: every fan sends chat.send in a loop for BENCH_SECONDS; accepted sends per second,
//      p50 and p99 latency; p50/p99 from a send to its reply job starting (pg-boss timestamps);
//   2. pgbench: the send transaction's SQL at the same concurrency, with and without the live-read
//      outbox insert; the endpoint's rate as a share of pgbench's, and the outbox's cost.
// Targets (issue 5): endpoint >= 40 % of pgbench, p99 < 40 ms, live reads <= 15 %, reply start p99 < 100 ms.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chats, createDbClient, migrateDatabase, seedDemoData, startEmbeddedPostgres, talents, users } from '@doppel/db';
import { createSession } from '@doppel/domain';
import { startFakeOpenAi } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';

const fans = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const root = resolve(import.meta.dirname, '..');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [join(root, script)], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what} did not come up`);
}

/** The send transaction as SQL (see packages/domain/src/chat/send/send-message.ts), for pgbench. */
function pgbenchScript(talentId: string, withOutbox: boolean): string {
  return [
    `\\set f random(1, ${fans})`,
    'BEGIN;',
    `SELECT credits, paid_credits, is_anonymous FROM users WHERE id = 'benchfan' || :f FOR UPDATE;`,
    `SELECT c.id, t.credits_to_send_message FROM chats c JOIN talents t ON t.id = c.talent_id WHERE c.id = 'benchchat' || :f FOR UPDATE OF c;`,
    `UPDATE users SET paid_credits = paid_credits - 1 WHERE id = 'benchfan' || :f RETURNING credits, paid_credits;`,
    `INSERT INTO chat_messages (id, chat_id, sender_type, text, created_at) VALUES (md5(random()::text), 'benchchat' || :f, 'USER', 'Hey, how was your day?', now()) RETURNING id;`,
    `UPDATE chats SET chat_message_count = chat_message_count + 1, has_user_interaction = true, has_user_interaction_with_paid_credits = true, updated_at = now() WHERE id = 'benchchat' || :f;`,
    `SELECT revenue_share_ppm, referral_talent_id, referral_revenue_share_for_inviter_ppm FROM talent_configs WHERE id = '${talentId}';`,
    `INSERT INTO earning_frames (id, talent_id, range, key, parent_key, started_at, gross_total, net_total, gross_send_message, net_send_message) VALUES (md5(random()::text), '${talentId}', 'DAY', to_char(now(), 'YYYY-MM-DD'), to_char(now(), 'YYYY-MM'), date_trunc('day', now()), 100000, 60000, 100000, 60000), (md5(random()::text), '${talentId}', 'MONTH', to_char(now(), 'YYYY-MM'), 'total', date_trunc('month', now()), 100000, 60000, 100000, 60000), (md5(random()::text), '${talentId}', 'TOTAL', 'total', null, '2020-01-01', 100000, 60000, 100000, 60000) ON CONFLICT (talent_id, range, key) DO UPDATE SET gross_total = earning_frames.gross_total + excluded.gross_total, net_total = earning_frames.net_total + excluded.net_total, gross_send_message = earning_frames.gross_send_message + excluded.gross_send_message, net_send_message = earning_frames.net_send_message + excluded.net_send_message;`,
    // The reply job as pg-boss inserts it, with its wake-up NOTIFY (the chat.reply queue notifies).
    `INSERT INTO pgboss.job (name, data) VALUES ('chat.reply', json_build_object('chatId', 'benchchat' || :f, 'messageId', md5(random()::text))::jsonb);`,
    `SELECT pg_notify('pgboss_bench', 'chat.reply');`,
    ...(withOutbox
      ? [
          `INSERT INTO change_events (entity, row_id, scopes) VALUES ('chat_messages', md5(random()::text), ARRAY['chat:benchchat' || :f, 'talent:${talentId}', 'admin']), ('chats', 'benchchat' || :f, ARRAY['chat:benchchat' || :f, 'talent:${talentId}', 'admin']);`,
        ]
      : []),
    'COMMIT;',
  ].join('\n');
}

function runPgbench(url: string, script: string, dir: string): number {
  const file = join(dir, `send-${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, script);
  const parsed = new URL(url);
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(fans),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      '-h',
      parsed.hostname,
      '-p',
      parsed.port,
      '-U',
      parsed.username,
      parsed.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(parsed.password) }, encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout ?? '');
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return Number(tps[1]);
}

export async function benchChatSend(): Promise<{ ok: boolean }> {
  if (spawnSync('pgbench', ['--version']).status !== 0) {
    console.log('chat send: pgbench is missing (apt-get install postgresql-client); skipped the comparison');
  }
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-chat-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  const fakeModel = await startFakeOpenAi();
  const children: ChildProcess[] = [];
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: 4 });
    await seedDemoData(client.db);
    const [mia] = await client.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
    if (!mia) throw new Error('the demo twin is missing');
    const cookies: Array<{ cookie: string; chatId: string }> = [];
    for (let i = 1; i <= fans; i++) {
      await client.db
        .insert(users)
        .values({ id: `benchfan${i}`, email: `benchfan${i}@bench.dev`, name: `Fan ${i}`, paidCredits: 1_000_000_000 });
      await client.db.insert(chats).values({ id: `benchchat${i}`, talentId: mia.id, userId: `benchfan${i}` });
      const { token } = await createSession(client.db, `benchfan${i}`);
      cookies.push({ cookie: `doppel_session=${token}`, chatId: `benchchat${i}` });
    }

    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: server.url,
      PORT: String(port),
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      DEV_OUTBOX: 'on',
      OPENAI_BASE_URL: fakeModel.url,
      OPENAI_API_KEY: 'bench',
      FILES_DIR: join(dir, 'files'),
    };
    children.push(startProcess('apps/api/src/main.ts', env), startProcess('apps/worker/src/main.ts', env));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the API');

    const send = (fan: { cookie: string; chatId: string }) =>
      fetch(`${base}/trpc/chat.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: fan.cookie },
        body: JSON.stringify({ chatId: fan.chatId, text: 'Hey, how was your day?' }),
      });
    // Warm-up: connections, prepared statements, the worker's queues.
    await Promise.all(cookies.map(async (fan) => (await send(fan)).arrayBuffer()));

    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      cookies.map(async (fan) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const response = await send(fan);
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - t0);
          else failed++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const rate = latencies.length / elapsed;

    // Reply wake-up: a fan waiting on an idle worker (the load phase above queues replies behind
    // each other, which measures backlog, not wake-up). One send at a time, once the backlog is gone.
    await waitFor(async () => {
      const [row] =
        await client.sql`select count(*)::int as n from pgboss.job where name = 'chat.reply' and state in ('created', 'retry', 'active')`;
      return row?.n === 0;
    }, 'the reply backlog to drain');
    const latencyPhase = new Date();
    for (const fan of cookies) {
      await (await send(fan)).arrayBuffer();
      await new Promise((done) => setTimeout(done, 150));
    }
    await new Promise((done) => setTimeout(done, 1000));
    const waits = await client.sql<{ ms: number }[]>`
      select extract(epoch from (started_on - created_on)) * 1000 as ms
      from pgboss.job where name = 'chat.reply' and started_on is not null and created_on >= ${latencyPhase.toISOString()} order by 1`;
    const waitMs = waits.map((row) => Number(row.ms));

    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((done) => child.once('exit', done))));
    children.length = 0;

    const withOutbox = runPgbench(server.url, pgbenchScript(mia.id, true), dir);
    const withoutOutbox = runPgbench(server.url, pgbenchScript(mia.id, false), dir);
    await client.close();

    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const share = rate / withOutbox;
    const outboxCost = (withoutOutbox - withOutbox) / withoutOutbox;
    const replyP99 = percentile(waitMs, 99);
    console.log(`\nchat send: ${fans} concurrent fans, ${seconds}s, model = local fake`);
    console.log(
      `  endpoint   ${rate.toFixed(0).padStart(6)} sends/s   p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   (${failed} failed)`,
    );
    console.log(
      `  pgbench    ${withOutbox.toFixed(0).padStart(6)} tx/s with the outbox, ${withoutOutbox.toFixed(0)} tx/s without`,
    );
    console.log(`  endpoint / pgbench      ${(share * 100).toFixed(1)} %   (target >= 40 %)`);
    console.log(`  live-read outbox cost   ${(outboxCost * 100).toFixed(1)} %   (target <= 15 %)`);
    console.log(
      `  send -> reply job start p50 ${percentile(waitMs, 50).toFixed(0)} ms, p99 ${replyP99.toFixed(0)} ms over ${waitMs.length} jobs   (target p99 < 100 ms)`,
    );
    const ok = share >= 0.4 && p99 < 40 && outboxCost <= 0.15 && replyP99 < 100 && failed === 0;
    console.log(`  targets ${ok ? 'met' : 'NOT all met'}`);
    return { ok };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await fakeModel.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
