// `npm test`: every test tier, in order, and one summary at the end.
//   lint (Biome) -> typecheck (tsc, every package) -> unit -> integration (real Postgres, real
//   HTTP server) -> e2e (the built app in Debian's Chromium).
// Each tier runs even when an earlier one failed, so one run shows everything that is broken.
// `npm test -- unit integration` runs only the named tiers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aptGet, aptGetArgs } from './apt-get.ts';
import { summarize, type TierOutcome, type TierResult, type VitestReport, vitestOutcome } from './test-summary.ts';
import { buildWebAppIfStale } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');
const outputDir = join(root, '.test-output');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const say = (message: string) => console.log(`\n[doppel test] ${message}`);

const results: TierResult[] = [];

function bin(pkg: string, file: string): string {
  return join(root, 'node_modules', pkg, file);
}

/** Runs Node with `args`; the exit status, null when it could not be run or was killed. */
function run(args: string[], env: NodeJS.ProcessEnv = process.env): number | null {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) console.error(`[doppel test] could not run ${args[0]}: ${result.error.message}`);
  return result.status;
}

/**
 * Runs Node with `args` without blocking, its output held and printed whole when it ends so that two
 * at a time do not interleave their lines; resolves to the exit status (null: not run, or killed).
 */
function runQuietly(args: string[]): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      console.error(`[doppel test] could not run ${args[0]}: ${error.message}`);
      done(null);
    });
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(output));
      done(status);
    });
  });
}

/** Runs `task` on every item, `limit` at a time, and returns the results in the items' order. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

async function timed(tier: string, body: () => TierOutcome | Promise<TierOutcome>): Promise<void> {
  say(`${tier}…`);
  const started = performance.now();
  let outcome: TierOutcome;
  try {
    outcome = await body();
  } catch (error) {
    // A tier whose set-up threw has not shown anything passing: it fails, and the next tiers still run.
    console.error(error);
    outcome = {
      ok: false,
      passed: 0,
      failed: 0,
      skipped: 0,
      note: `could not run: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  results.push({ tier, ...outcome, seconds: Math.round((performance.now() - started) / 100) / 10 });
}

function vitestTier(project: string, env?: NodeJS.ProcessEnv): TierOutcome {
  const report = join(outputDir, `${project}.json`);
  rmSync(report, { force: true });
  const status = run(
    [
      bin('vitest', 'vitest.mjs'),
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  return vitestOutcome(status, existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as VitestReport) : undefined, root);
}

/** Installs a Debian package when its program is missing and we are root; else says what to do. */
function ensureDebianPackage(program: string, pkg: string, purpose: string): string | undefined {
  if (existsSync(program)) return undefined;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return `${program} is missing; install Debian's ${pkg} for ${purpose} (sudo apt-get install ${pkg})`;
  say(`installing Debian's ${pkg} for ${purpose} (apt-get install ${pkg})`);
  // Another apt-get or dpkg may hold the package lock: aptGet waits for it, saying so.
  const apt = { say };
  if (!aptUpdated) {
    const failed = aptGet(aptGetArgs('update'), apt);
    // Stale lists may still do; a lock that never came free will not come free for the install either.
    if (failed?.reason === 'lock') return failed.message;
    aptUpdated = true;
  }
  const failed = aptGet(aptGetArgs('install', pkg), apt);
  if (failed) return failed.message;
  if (!existsSync(program)) return `apt-get installed ${pkg}, but ${program} is still missing`;
  return undefined;
}
let aptUpdated = false;

const tiers = ['lint', 'typecheck', 'unit', 'integration', 'e2e'];
const wanted = process.argv.slice(2).filter((arg) => tiers.includes(arg));
const selected = wanted.length > 0 ? wanted : tiers;
mkdirSync(outputDir, { recursive: true });

if (selected.includes('lint')) {
  await timed('lint', () => {
    const ok = run([bin('@biomejs/biome', 'bin/biome'), 'check', '.']) === 0;
    return { ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  });
}
if (selected.includes('typecheck')) {
  await timed('typecheck', async () => {
    // Every workspace package with a tsconfig, the browser tests, the benchmarks and the scripts.
    const projects = [
      ...['packages', 'apps'].flatMap((group) =>
        readdirSync(join(root, group))
          .map((name) => `${group}/${name}`)
          .filter((path) => existsSync(join(root, path, 'tsconfig.json'))),
      ),
      'apps/web/e2e',
      'bench',
      '.',
    ];
    // Two at a time: tsc is single-threaded and the machines this runs on have two cores or more.
    const statuses = await inPool(projects, 2, (project) =>
      runQuietly([bin('typescript', 'bin/tsc'), '--noEmit', '-p', join(root, project)]),
    );
    const failed = projects.filter((_, index) => statuses[index] !== 0);
    if (failed.length > 0) console.error(`typecheck failed in: ${failed.join(', ')}`);
    return { ok: failed.length === 0, passed: projects.length - failed.length, failed: failed.length, skipped: 0 };
  });
}
// The integration test of DATABASE_POOLER runs the product behind a real PgBouncer; without it that
// test fails, naming the package.
if (selected.includes('integration')) {
  const missing = ensureDebianPackage('/usr/sbin/pgbouncer', 'pgbouncer', 'the connection pooler test');
  if (missing) console.error(`[doppel test] ${missing}`);
}
if (selected.includes('unit')) await timed('unit', () => vitestTier('unit'));
if (selected.includes('integration')) await timed('integration', () => vitestTier('integration'));
if (selected.includes('e2e')) {
  await timed('e2e', () => {
    const missing = process.env.CHROMIUM_PATH ? undefined : ensureDebianPackage(chromium, 'chromium', 'the browser tests');
    if (missing) {
      console.error(`[doppel test] ${missing}`);
      return { ok: false, passed: 0, failed: 1, skipped: 0, note: missing };
    }
    try {
      buildWebAppIfStale((message) => say(message));
    } catch (error) {
      return { ok: false, passed: 0, failed: 1, skipped: 0, note: String(error) };
    }
    return vitestTier('e2e', { ...process.env, CHROMIUM_PATH: chromium });
  });
}

const summary = summarize(results);
console.log(`\n${summary.lines.join('\n')}`);
process.exit(summary.exitCode);
