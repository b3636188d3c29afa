// `npm start`: the whole product on one machine. Builds the web app when its sources changed,
// starts an embedded Postgres unless DATABASE_URL is set, migrates, loads the demo data on first
// start, then runs the API (which serves the web app) and the worker as child processes.
// Ctrl-C stops everything cleanly; data stays in DOPPEL_DATA_DIR for the next start.
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import {
  createDbClient,
  demoAccounts,
  type EmbeddedServer,
  migrateDatabase,
  seedDemoData,
  startEmbeddedPostgresProcess,
} from '@doppel/db';
import { materializeDemoFiles } from '@doppel/domain';
import { createLocalDiskStorage, createTts } from '@doppel/integrations';
import { z } from 'zod';
import { buildWebAppIfStale } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');

const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    DATABASE_URL: z.string().optional(),
    DOPPEL_DATA_DIR: z.string().default(join(root, '.data')),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65_535).default(54329),
    PUBLIC_URL: z.string().optional(),
    FILES_DIR: z.string().optional(),
  })
  .parse(process.env);
const filesDir = env.FILES_DIR ?? join(env.DOPPEL_DATA_DIR, 'files');

const say = (message: string) => console.log(`[doppel] ${message}`);
const children: ChildProcess[] = [];
let embedded: EmbeddedServer | undefined;
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping…');
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            // A child that ignores SIGTERM for 15 s is killed, so Ctrl-C always ends the start.
            setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
    await embedded?.stop().catch((error: unknown) => say(`could not stop Postgres cleanly: ${String(error)}`));
    say('stopped');
  }
  process.exit(code);
}

// Ctrl-C reaches every process of the terminal's group; children handle it themselves and we wait.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));

function startChild(name: string, script: string, childEnv: NodeJS.ProcessEnv): void {
  const child = spawn(process.execPath, [join(root, script)], { cwd: root, env: childEnv, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the rest`);
    void stopAll(1);
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the API did not answer ${url}/health within ${timeoutMs / 1000} s`);
}

try {
  buildWebAppIfStale(say);

  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    say('using the Postgres server in DATABASE_URL');
  } else {
    say(`starting the embedded Postgres (data in ${env.DOPPEL_DATA_DIR}, port ${env.EMBEDDED_POSTGRES_PORT})`);
    embedded = await startEmbeddedPostgresProcess({ dataDir: env.DOPPEL_DATA_DIR, port: env.EMBEDDED_POSTGRES_PORT });
    databaseUrl = embedded.url;
  }

  say('applying migrations');
  await migrateDatabase(databaseUrl);
  const client = createDbClient(databaseUrl, { max: 1, applicationName: 'doppel-start' });
  try {
    const { seeded } = await seedDemoData(client.db);
    say(seeded ? 'loaded the demo data' : 'demo data already present');
    // Demo clips are WAV from the local engine, whatever the product uses for new voice notes.
    const tts = createTts({});
    const made = await materializeDemoFiles(client.db, createLocalDiskStorage(filesDir), tts);
    if (made.pictures + made.lockedCopies + made.audio > 0) {
      say(`drew ${made.pictures + made.lockedCopies} demo pictures and spoke ${made.audio} demo voice clips`);
    }
    if (tts.engine === 'none') {
      say('voice notes are off: install espeak-ng (apt-get install espeak-ng) or set ELEVENLABS_API_KEY');
    }
  } finally {
    await client.close();
  }

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const childEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(env.PORT),
    PUBLIC_URL: publicUrl,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist'),
    DOPPEL_DATA_DIR: env.DOPPEL_DATA_DIR,
    FILES_DIR: filesDir,
  };
  startChild('api', 'apps/api/src/main.ts', childEnv);
  startChild('worker', 'apps/worker/src/main.ts', childEnv);
  await waitForHealth(`http://127.0.0.1:${env.PORT}`, 60_000);

  const admin = demoAccounts.find((account) => account.role === 'ADMIN');
  const creator = demoAccounts.find((account) => account.role !== 'ADMIN');
  console.log(`
  Doppel is running at ${publicUrl}

  Sign in at ${publicUrl}/sign-in with an email; without SMTP_URL the sign-in link lands in the
  development outbox at ${publicUrl}/dev/outbox (and in this log).
    demo admin:    ${admin?.email ?? 'admin@doppel.dev'}
    demo creator:  ${creator?.email ?? 'creator@doppel.dev'}
  Chat with the demo twin as a fan: ${publicUrl}/chat/mia
  Health: ${publicUrl}/health    Stop: Ctrl-C
`);
} catch (error) {
  say(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
