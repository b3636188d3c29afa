// Debian's PgBouncer in transaction mode in front of the test Postgres, as a deployment behind a
// pooler has it: its ini and userlist in a temporary folder, run as the `postgres` user when we are
// root (PgBouncer refuses to run as root). npm test installs the package in its integration prelude.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../scripts/free-port.ts';

export const pgbouncerProgram = '/usr/sbin/pgbouncer';

export type PgBouncer = {
  /** `url` (a database on the Postgres server) with PgBouncer's address instead. */
  through: (url: string) => string;
  /** Everything it logged, for a failure message. */
  output: () => string;
  stop: () => Promise<void>;
};

export type PgBouncerOptions = {
  /** Server sessions per database and user; few, so clients' transactions share sessions. */
  poolSize?: number;
};

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts PgBouncer (pool_mode = transaction) for every database of the server behind `serverUrl`. */
export async function startPgBouncer(serverUrl: string, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  if (!existsSync(pgbouncerProgram)) {
    throw new Error(
      `${pgbouncerProgram} is missing: install Debian's pgbouncer (apt-get install pgbouncer); npm test installs it when run as root`,
    );
  }
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'doppel-pgbouncer-'));
  // Read by PgBouncer after it has become the `postgres` user.
  await chmod(dir, 0o755);
  const userlist = join(dir, 'userlist.txt');
  // A plain password: PgBouncer needs it to answer the server's SCRAM challenge itself.
  await writeFile(userlist, `"${user}" "${password}"\n`, { mode: 0o644 });
  const ini = join(dir, 'pgbouncer.ini');
  const settings = [
    '[databases]',
    // Any database name goes to the same server: each test file has its own database.
    `* = host=${server.hostname} port=${server.port}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = scram-sha-256',
    `auth_file = ${userlist}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize ?? 4}`,
    'max_client_conn = 1000',
    // node-postgres (pg-boss's driver) sends it at start-up; PgBouncer refuses unknown parameters.
    'ignore_startup_parameters = extra_float_digits',
    ...(asRoot ? ['user = postgres'] : []),
  ];
  await writeFile(ini, `${settings.join('\n')}\n`, { mode: 0o644 });

  const child: ChildProcess = spawn(pgbouncerProgram, [ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    printed += chunk;
  });
  let exited = false;
  const closed = new Promise<void>((resolve) =>
    child.on('close', () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 15_000;
  while (!(await canConnect(port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start:\n${printed}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    through: (url) => {
      const pooled = new URL(url);
      pooled.hostname = '127.0.0.1';
      pooled.port = String(port);
      return pooled.toString();
    },
    output: () => printed,
    stop: async () => {
      // SIGTERM: immediate shutdown, whatever clients are still connected.
      if (!exited) child.kill('SIGTERM');
      await closed;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
