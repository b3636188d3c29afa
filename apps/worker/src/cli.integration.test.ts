import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { broadcasts, devOutboxEmails, listRecordedChanges, newId, sessions, talentManagers, talents, users } from '@doppel/db';
import { createTestDatabase, seedBroadcastFans, type TestDatabase } from '@doppel/db/testing';
import { updateAdminUser, waitlistAcceptedEmail } from '@doppel/domain/admin/users';
import { createDevOutboxMailer } from '@doppel/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from './cli.ts';
import { type RunningWorker, startWorker } from './worker.ts';

const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let database: TestDatabase;

type Result = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a command through the CLI's entry function in this process, with its own settings and
 * output: what `opsProcess` does without paying for a Node start (seconds each on a busy machine).
 */
async function ops(...args: string[]): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** Runs the CLI as an operator would, in its own Node process: the exit code is the process's. */
function opsProcess(...args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

async function findUser(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('ops CLI', () => {
  it('prints the command list for help, as a process that exits 0', async () => {
    const result = await opsProcess('help');
    expect(result.code).toBe(0);
    for (const command of [
      'queues',
      'jobs <queue>',
      'run <job-name>',
      'retry <queue>',
      'admin create',
      'users accept',
      'migrate',
      'seed',
    ]) {
      expect(result.stdout).toContain(command);
    }
  });

  it('creates an admin with a trimmed, lower-cased email and announces the change', async () => {
    const result = await ops('admin', 'create', '  Ops.Admin@Example.COM ', '--name', 'Ops Admin');
    expect(result.stderr).not.toContain('error');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^created admin ops\.admin@example\.com \(\w+\)/);

    const user = await findUser('ops.admin@example.com');
    expect(user).toMatchObject({ name: 'Ops Admin', role: 'ADMIN', waitlistStatus: 'ACCEPTED' });
    const events = (await listRecordedChanges(database.db)).filter((event) => event.rowId === user?.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.scopes).toContain('admin');
  });

  it('refuses a bad email with a clear message, as a process that exits 1', async () => {
    const result = await opsProcess('admin', 'create', 'not-an-email');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: invalid email "not-an-email": not a valid email address');
    expect(result.stdout).toBe('');
  });

  it('refuses to create an admin twice and to promote an unknown user', async () => {
    const twice = await ops('admin', 'create', 'ops.admin@example.com');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('already exists; use `admin promote ops.admin@example.com`');

    const unknown = await ops('admin', 'promote', 'ghost@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user with email ghost@example.com');
  });

  it('promotes a user to admin and accepts a waitlisted user', async () => {
    await database.db.insert(users).values([
      { email: 'creator@example.com', waitlistStatus: 'PENDING' },
      { email: 'waiting@example.com', waitlistStatus: 'PENDING' },
    ]);

    expect((await ops('admin', 'promote', 'Creator@example.com')).code).toBe(0);
    expect(await findUser('creator@example.com')).toMatchObject({ role: 'ADMIN', waitlistStatus: 'ACCEPTED' });

    const accepted = await ops('users', 'accept', 'waiting@example.com');
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('accepted waiting@example.com');
    expect(accepted.stdout).toContain('sent the acceptance email to waiting@example.com');
    expect(await findUser('waiting@example.com')).toMatchObject({ role: 'USER', waitlistStatus: 'ACCEPTED' });
  });

  it('sends the accepted user the same "You\'re in!" email as the admin screen, once, to PUBLIC_URL', async () => {
    await database.db.insert(users).values({ email: 'mailed@example.com', name: 'Mae', waitlistStatus: 'PENDING' });
    const mailed = () => database.db.select().from(devOutboxEmails).where(eq(devOutboxEmails.to, 'mailed@example.com'));

    expect((await ops('users', 'accept', 'mailed@example.com')).code).toBe(0);
    const expected = waitlistAcceptedEmail('mailed@example.com', 'Mae', 'http://localhost:3000');
    expect(await mailed()).toEqual([
      expect.objectContaining({ subject: expected.subject, text: expected.text, link: 'http://localhost:3000/sign-in' }),
    ]);

    // Accepted already: nothing to tell them again.
    const again = await ops('users', 'accept', 'mailed@example.com');
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('sent the acceptance email');
    expect(await mailed()).toHaveLength(1);

    const unknown = await ops('users', 'accept', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: no user with email nobody@example.com\n');
    expect(unknown.stderr, 'a message, not a stack').not.toMatch(/\n\s+at /);
  });

  it('sends the same email, and makes the same change, as an admin accepting in the Users editor', async () => {
    const [byAdmin, byOps] = await database.db
      .insert(users)
      .values([
        { email: 'by-admin@example.com', name: 'Noor', waitlistStatus: 'PENDING', credits: 7 },
        { email: 'by-ops@example.com', name: 'Noor', waitlistStatus: 'PENDING', credits: 7 },
      ])
      .returning({ id: users.id });
    if (!byAdmin || !byOps) throw new Error('seed failed');
    // The admin screen's path as admin.users.update runs it: the use case in a transaction, then
    // the email through the development outbox the API uses without SMTP_URL.
    const { acceptanceEmail } = await database.db.transaction((tx) =>
      updateAdminUser(
        tx,
        { id: byAdmin.id, role: 'USER', credits: 7, expectedCredits: 7, waitlistStatus: 'ACCEPTED' },
        { actorId: '', publicUrl: 'http://localhost:3000' },
      ),
    );
    if (!acceptanceEmail) throw new Error('the admin path sent no acceptance email');
    await createDevOutboxMailer(database.db, () => {}).send(acceptanceEmail);

    expect((await ops('users', 'accept', 'by-ops@example.com')).code).toBe(0);

    const mailTo = async (email: string) => {
      const rows = await database.db.select().from(devOutboxEmails).where(eq(devOutboxEmails.to, email));
      return rows.map(({ subject, text, link }) => ({ subject, text, link }));
    };
    const adminMail = await mailTo('by-admin@example.com');
    expect(adminMail).toHaveLength(1);
    expect(await mailTo('by-ops@example.com'), 'the same subject, text and link').toEqual(adminMail);
    const pick = (user: Awaited<ReturnType<typeof findUser>>) => ({
      role: user?.role,
      credits: user?.credits,
      waitlistStatus: user?.waitlistStatus,
    });
    expect(pick(await findUser('by-ops@example.com'))).toEqual(pick(await findUser('by-admin@example.com')));
    expect(pick(await findUser('by-ops@example.com'))).toEqual({ role: 'USER', credits: 7, waitlistStatus: 'ACCEPTED' });
  });

  it('sends nothing to someone who manages a twin already, as the admin screen does', async () => {
    const [manager] = await database.db
      .insert(users)
      .values({ email: 'manager@example.com', waitlistStatus: null })
      .returning({ id: users.id });
    const [twin] = await database.db.insert(talents).values({ name: 'Managed', tag: 'managed' }).returning({ id: talents.id });
    if (!manager || !twin) throw new Error('seed failed');
    await database.db.insert(talentManagers).values({ userId: manager.id, talentId: twin.id });

    const accepted = await ops('users', 'accept', 'manager@example.com');
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).not.toContain('sent the acceptance email');
    expect(await database.db.select().from(devOutboxEmails).where(eq(devOutboxEmails.to, 'manager@example.com'))).toEqual([]);
    expect(await findUser('manager@example.com')).toMatchObject({ waitlistStatus: 'ACCEPTED' });
  });

  it('runs session.cleanup through a live worker and shows it in queues and jobs', async () => {
    const worker: RunningWorker = await startWorker({ databaseUrl: database.url });
    try {
      const [user] = await database.db
        .insert(users)
        .values({ email: `cli-${newId()}@example.com` })
        .returning({ id: users.id });
      const past = new Date(Date.now() - 60_000);
      await database.db
        .insert(sessions)
        .values({ id: 'stale', secretHash: 'unused', userId: user?.id ?? '', expiresAt: past, absoluteExpiresAt: past });

      const run = await ops('run', 'session.cleanup', '--wait', '--timeout', '20');
      expect(run.stderr).not.toContain('error');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/sent session\.cleanup [0-9a-f-]{36}/);
      expect(run.stdout).toMatch(
        /session\.cleanup [0-9a-f-]{36} completed after \d+ ms: \{"sessions":1,"embedSignIns":0,"signInTokens":0,"anonymousFanAddresses":0\}/,
      );
      expect(await database.db.select().from(sessions)).toEqual([]);

      const queues = await ops('queues');
      expect(queues.code).toBe(0);
      const header = queues.stdout.split('\n')[0];
      expect(header).toMatch(/^QUEUE\s+QUEUED\s+ACTIVE\s+FAILED\s+COMPLETED\s+NOTIFY\s+SCHEDULE$/);
      const cleanupRow = queues.stdout.split('\n').find((line) => line.startsWith('session.cleanup '));
      expect(cleanupRow?.split(/\s+/)).toEqual(['session.cleanup', '0', '0', '0', '1', 'no', '*/15', '*', '*', '*', '*']);
      expect(queues.stdout).toMatch(/^system\.ping\s/m);
      expect(queues.stdout).toMatch(/^session\.cleanup\.dead\s/m);

      const jobs = await ops('jobs', 'session.cleanup', '--state', 'completed');
      expect(jobs.code).toBe(0);
      expect(jobs.stdout).toContain('completed');
      expect(jobs.stdout).toContain('{"trigger":"manual"}');
    } finally {
      await worker.stop();
    }
  });

  it('retries failed jobs and reports unknown queues', async () => {
    const retry = await ops('retry', 'system.ping');
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain('retried 0 failed jobs in system.ping');

    const unknown = await ops('jobs', 'no.such.queue');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown queue "no.such.queue"');
  });

  it('rejects a payload the catalog does not allow before touching the database', async () => {
    const result = await ops('run', 'session.cleanup', '{"trigger":"always"}');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('invalid payload for session.cleanup');
  });

  it('loads the demo seed once and leaves a seeded database alone', async () => {
    const first = await ops('seed');
    expect(first.stderr).not.toContain('error');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('demo data loaded');
    expect(await findUser('admin@doppel.dev')).toMatchObject({ role: 'ADMIN' });

    const second = await ops('seed');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('demo data already present');
  });

  it('finds the freshly seeded demo in agreement with the ledger, as real data must be', async () => {
    // Seeds unless the test above did: every seeded payment's earnings are in the talent ledger and
    // the frames, and the frames and held totals agree with the ledger.
    expect((await ops('seed')).code).toBe(0);
    const check = await ops('ledger', 'check');
    expect(check.stdout).not.toContain('drift');
    expect(check.stdout).toContain('agree with the ledger');
    expect(check.code).toBe(0);
  }, 120_000);

  it('lists broadcasts, runs a scheduled one now and queues again what is left', async () => {
    await database.db.insert(talents).values({ id: 'ops-twin', name: 'Ops twin', tag: 'opstwin' });
    await seedBroadcastFans(database.db, { prefix: 'ops', talentId: 'ops-twin', matching: 1200, others: 5 });
    const [row] = await database.db
      .insert(broadcasts)
      .values({ talentId: 'ops-twin', message: 'Ops hello', scheduledAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: broadcasts.id });
    const broadcastId = row?.id ?? '';

    const run = await ops('broadcasts', 'run', broadcastId);
    expect(run.stderr).not.toContain('error');
    expect(run.stdout).toContain(`moved the schedule of ${broadcastId} to now`);
    expect(run.stdout).toContain(`prepared ${broadcastId}: audience 1200 in 2 chunk(s), SENDING_MESSAGES`);
    const listed = await ops('broadcasts');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${broadcastId}\\s+SENDING_MESSAGES .* opstwin\\s+0\\s+1200\\s+0/2`));
    const again = await ops('broadcasts', 'run', broadcastId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is SENDING_MESSAGES; only a SCHEDULED one can be run');

    // The send jobs `run` queued are dropped (a lost queue): retry queues both chunks again.
    await database.sql`delete from pgboss.job where name = 'broadcasts.send'`;
    const retried = await ops('broadcasts', 'retry', broadcastId);
    expect(retried.stdout).toContain('queued 2 unsent chunk(s) and 0 push batch(es)');
    const worker: RunningWorker = await startWorker({ databaseUrl: database.url });
    try {
      await expect
        .poll(async () => (await database.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)))[0]?.status, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe('COMPLETED');
    } finally {
      await worker.stop();
    }
    // The list is by scheduled time, newest first: the demo's future broadcast comes before this one.
    const done = await ops('broadcasts', 'list', '--limit', '5');
    expect(done.stdout).toMatch(new RegExp(`${broadcastId}\\s+COMPLETED .* 1200\\s+1200\\s+2/2`));
    expect((await ops('broadcasts', 'retry', 'no-such-broadcast')).stderr).toContain('no broadcast no-such-broadcast');
  }, 60_000);
});
