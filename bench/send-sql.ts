// The fan send transaction as plain SQL (mirroring packages/domain/src/chat/send/send-message.ts),
// for pgbench: the baseline the endpoint is compared with, and the yardstick of the live-read cost.

/** What the transaction does to announce itself: nothing, the outbox insert, or a NOTIFY. */
export type LiveVariant = 'none' | 'outbox' | 'notify';

/** Fans are `benchfan1..N` with chats `benchchat1..N` with the given talent. */
export function sendTransactionSql(talentId: string, fans: number, live: LiveVariant): string {
  return [
    `\\set f random(1, ${fans})`,
    'BEGIN;',
    `SELECT credits, paid_credits, is_anonymous FROM users WHERE id = 'benchfan' || :f FOR NO KEY UPDATE;`,
    `SELECT c.id, t.credits_to_send_message, tc.revenue_share_ppm, tc.referral_talent_id, tc.referral_revenue_share_for_inviter_ppm FROM chats c JOIN talents t ON t.id = c.talent_id JOIN talent_configs tc ON tc.id = c.talent_id WHERE c.id = 'benchchat' || :f FOR NO KEY UPDATE OF c;`,
    // Was this message (its idempotency key) stored already? Never, here: every send is new.
    `SELECT id, text FROM chat_messages WHERE chat_id = 'benchchat' || :f AND idempotency_key = md5(random()::text);`,
    `UPDATE users SET paid_credits = paid_credits - 1 WHERE id = 'benchfan' || :f RETURNING credits, paid_credits;`,
    `INSERT INTO chat_messages (id, chat_id, sender_type, text, idempotency_key, created_at) VALUES (md5(random()::text), 'benchchat' || :f, 'USER', 'Hey, how was your day?', md5(random()::text), now()) RETURNING id;`,
    `UPDATE chats SET chat_message_count = chat_message_count + 1, has_user_interaction = true, has_user_interaction_with_paid_credits = true, updated_at = now() WHERE id = 'benchchat' || :f;`,
    `INSERT INTO pgboss.job (name, data) VALUES ('chat.reply', json_build_object('chatId', 'benchchat' || :f, 'messageId', md5(random()::text))::jsonb);`,
    ...(live === 'outbox'
      ? [
          // As the product does: one row per transaction, the send's changes and the job's wake-up.
          // No colon in a literal is followed by a name: pgbench's prepared mode takes `:name` there
          // for one of its variables.
          `INSERT INTO change_events (changes) VALUES (jsonb_build_array(jsonb_build_object('entity', 'chat_messages', 'rowId', md5(random()::text), 'scopes', jsonb_build_array('chat:' || 'benchchat' || :f, 'talent:' || '${talentId}', 'admin')), jsonb_build_object('entity', 'chats', 'rowId', 'benchchat' || :f, 'scopes', jsonb_build_array('chat:' || 'benchchat' || :f, 'talent:' || '${talentId}', 'admin')), jsonb_build_object('entity', 'users', 'rowId', 'benchfan' || :f, 'scopes', jsonb_build_array('user:' || 'benchfan' || :f)), jsonb_build_object('entity', 'earning_frames', 'rowId', '${talentId}', 'scopes', jsonb_build_array('talent:' || '${talentId}', 'admin')), '{"entity":"jobs","rowId":"chat.reply","scopes":[]}'::jsonb)) ON CONFLICT (xid) DO UPDATE SET changes = change_events.changes || excluded.changes;`,
        ]
      : []),
    ...(live === 'notify' ? [`SELECT pg_notify('bench_changes', 'benchchat' || :f);`] : []),
    // The earning's ledger entry; the database adds it to the twin's frames at COMMIT (migration 0041).
    `INSERT INTO talent_ledger (id, key, talent_id, kind, source, gross_micro_usd, net_micro_usd, occurred_at) VALUES (md5(random()::text), 'message:' || md5(random()::text), '${talentId}', 'EARNING', 'sendMessage', 100000, 60000, now());`,
    'COMMIT;',
  ].join('\n');
}

import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chats, type Database, users } from '@doppel/db';
import { createBoss, ensureQueues } from '@doppel/jobs';

/**
 * Creates fans `benchfan<first>..benchfan<first + count - 1>` with plenty of paid credits (or free
 * ones, `free`), each with a chat `benchchat<i>` with the talent; in batches of 500, as thousands of
 * fans one by one take long.
 */
export async function createBenchFans(
  db: Database,
  talentId: string,
  count: number,
  options: { first?: number; free?: boolean } = {},
): Promise<void> {
  const first = options.first ?? 1;
  const credits = options.free ? { credits: 1_000_000_000 } : { paidCredits: 1_000_000_000 };
  for (let start = first; start < first + count; start += 500) {
    const numbers = Array.from({ length: Math.min(500, first + count - start) }, (_, offset) => start + offset);
    await db
      .insert(users)
      .values(numbers.map((i) => ({ id: `benchfan${i}`, email: `benchfan${i}@bench.dev`, name: `Fan ${i}`, ...credits })));
    await db.insert(chats).values(numbers.map((i) => ({ id: `benchchat${i}`, talentId, userId: `benchfan${i}` })));
  }
}

/** Installs pg-boss's schema and queues, so the transaction's job insert has its table. */
export async function installJobQueues(url: string): Promise<void> {
  const boss = createBoss(url, { role: 'client' });
  await boss.start();
  await ensureQueues(boss);
  await boss.stop({ graceful: false });
}

export function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version']).status === 0;
}

/**
 * Runs pgbench with the script and resolves to transactions per second. Asynchronous on purpose:
 * the live feed of this process keeps reading and delivering while pgbench runs.
 */
export function runPgbench(
  url: string,
  script: string,
  options: { clients: number; seconds: number; dir: string },
): Promise<number> {
  const file = join(options.dir, `send-${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, script);
  const parsed = new URL(url);
  // The query mode: `simple` (pgbench's default, each statement parsed and planned every time, as the
  // issue's baseline was measured) or `prepared` (as the endpoint's statements are) with BENCH_PGBENCH_MODE.
  const mode = process.env.BENCH_PGBENCH_MODE ?? 'simple';
  const args = ['-n', '-M', mode, '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-f', file];
  args.push('-h', parsed.hostname, '-p', parsed.port, '-U', parsed.username, parsed.pathname.slice(1));
  const child = spawn('pgbench', args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(parsed.password) } });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  return new Promise((resolve, reject) => {
    child.once('exit', () => {
      const tps = /tps = ([\d.]+)/.exec(output);
      if (tps) resolve(Number(tps[1]));
      else reject(new Error(`pgbench failed: ${output}`));
    });
  });
}
