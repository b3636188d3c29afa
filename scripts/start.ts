// `npm start`: the whole product on one machine. Builds the web app when its sources changed,
// starts an embedded Postgres unless DATABASE_URL is set, migrates, loads the demo data on first
// start, then runs the API (which serves the web app) and the worker as child processes,
// restarting either after a crash (supervised-child.ts), and the embedded Postgres too
// (supervised-postgres.ts). Ctrl-C stops everything cleanly, Postgres last; data stays in
// DOPPEL_DATA_DIR for the next start.
import { join, resolve } from 'node:path';
import { createDbClient, databasePoolers, demoAccounts, migrateDatabase, seedDemoData } from '@doppel/db';
import { createFileStorage, createTts, describeFileStorage, fileStorageConfig } from '@doppel/integrations';
import { z } from 'zod';
import { materializeDemoFiles } from './demo-files.ts';
import { type SupervisedChild, superviseChild } from './supervised-child.ts';
import { type SupervisedPostgres, superviseEmbeddedPostgres } from './supervised-postgres.ts';
import { buildWebAppIfStale } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');
/** Empty is unset, as in the apps' env.ts. */
const unsetWhenBlank = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    DATABASE_URL: z.string().optional(),
    // Read again by the API and worker; here for the migrations and the demo data (docs/deploy.md).
    DATABASE_POOLER: z.enum(databasePoolers).default('none'),
    DATABASE_DIRECT_URL: z.string().optional(),
    DOPPEL_DATA_DIR: z.string().default(join(root, '.data')),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65_535).default(54329),
    PUBLIC_URL: z.string().optional(),
    FILES_DIR: z.string().optional(),
    // S3 storage, so the demo files land where the API serves them from; the API and worker check these in full.
    S3_BUCKET: unsetWhenBlank,
    S3_REGION: unsetWhenBlank.transform((value) => value ?? 'us-east-1'),
    S3_ENDPOINT: unsetWhenBlank,
    S3_ACCESS_KEY_ID: unsetWhenBlank,
    S3_SECRET_ACCESS_KEY: unsetWhenBlank,
    S3_FORCE_PATH_STYLE: unsetWhenBlank.transform((value) => value === 'true'),
    S3_PREFIX: unsetWhenBlank,
  })
  .parse(process.env);
const filesDir = env.FILES_DIR ?? join(env.DOPPEL_DATA_DIR, 'files');

const say = (message: string) => console.log(`[doppel] ${message}`);
/** How long the API and worker get to finish their work on Ctrl-C before they are killed. */
const childStopGraceMs = 15_000;
const children: SupervisedChild[] = [];
let embedded: SupervisedPostgres | undefined;
/** Until the product is up, a child that exits stops the start: it would only fail again. */
let running = false;
let stopping: Promise<void> | undefined;

/**
 * Stops in dependency order: the API and worker first (each waited for, killed after the grace
 * period), then Postgres, which they need until their last statement. Safe to call again: Ctrl-C
 * reaches us from the terminal and again through npm and bootstrap.mjs, and a second call must
 * not exit before the first has finished.
 */
function stopAll(code: number): Promise<void> {
  stopping ??= (async () => {
    say('stopping…');
    await Promise.all(children.map((child) => child.stop(childStopGraceMs)));
    // Says whether it stopped a running server or found it down after a crash.
    await embedded?.stop();
    say('stopped');
    process.exit(code);
  })();
  return stopping;
}

// Ctrl-C reaches every process of the terminal's group; children handle it themselves and we wait.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));

function startChild(name: string, script: string, childEnv: NodeJS.ProcessEnv): void {
  children.push(
    superviseChild({
      name,
      script: join(root, script),
      cwd: root,
      env: childEnv,
      say,
      restartOnCrash: () => running,
      onGiveUp: (reason) => {
        say(`${reason}; stopping the rest`);
        void stopAll(1);
      },
    }),
  );
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
  // Throws, naming what is missing, on a half-configured S3, before anything is started.
  const files = fileStorageConfig(filesDir, env);
  say(`files live in ${describeFileStorage(files)}`);
  buildWebAppIfStale(say);

  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    say('using the Postgres server in DATABASE_URL');
  } else {
    say(`starting the embedded Postgres (data in ${env.DOPPEL_DATA_DIR}, port ${env.EMBEDDED_POSTGRES_PORT})`);
    embedded = await superviseEmbeddedPostgres({ dataDir: env.DOPPEL_DATA_DIR, port: env.EMBEDDED_POSTGRES_PORT, say });
    // As root in a folder the postgres user cannot enter, the database lives elsewhere: say where.
    if (embedded.note) say(embedded.note);
    databaseUrl = embedded.url;
  }

  say('applying migrations');
  // The pooler settings describe DATABASE_URL; the embedded Postgres is reached directly.
  const connection = env.DATABASE_URL
    ? { pooler: env.DATABASE_POOLER, ...(env.DATABASE_DIRECT_URL ? { directUrl: env.DATABASE_DIRECT_URL } : {}) }
    : {};
  await migrateDatabase(databaseUrl, connection);
  const client = createDbClient(databaseUrl, { max: 1, applicationName: 'doppel-start', ...connection });
  try {
    const { seeded } = await seedDemoData(client.db);
    say(seeded ? 'loaded the demo data' : 'demo data already present');
    // Demo clips are WAV from the offline engine (espeak-ng from the lockfile, no key), whatever
    // the product uses for new voice notes.
    const made = await materializeDemoFiles(client.db, createFileStorage(files), createTts({}));
    if (made.pictures + made.lockedCopies + made.audio > 0) {
      say(`drew ${made.pictures + made.lockedCopies} demo pictures and spoke ${made.audio} demo voice clips`);
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
  // Generous: the API's start is seconds on a quiet machine, but a minute was seen on two busy cores.
  await waitForHealth(`http://127.0.0.1:${env.PORT}`, 180_000);
  // From here on a crashed API or worker is restarted while the other keeps serving.
  running = true;

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
