// `npm test`: every test tier, in order, and one summary at the end.
//   lint (Biome) -> typecheck (tsc, every package) -> unit -> integration (real Postgres, real
//   HTTP server) -> e2e (the built app in Debian's Chromium).
// Each tier runs even when an earlier one failed, so one run shows everything that is broken.
// `npm test -- unit integration` runs only the named tiers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildWebAppIfStale } from './web-build.ts';

const root = resolve(import.meta.dirname, '..');
const outputDir = join(root, '.test-output');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const say = (message: string) => console.log(`\n[doppel test] ${message}`);

type Result = { tier: string; ok: boolean; passed: number; failed: number; skipped: number; seconds: number; note?: string };
const results: Result[] = [];

function bin(pkg: string, file: string): string {
  return join(root, 'node_modules', pkg, file);
}

function run(args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

function timed(tier: string, body: () => Omit<Result, 'tier' | 'seconds'>): void {
  say(`${tier}…`);
  const started = performance.now();
  const result = body();
  results.push({ tier, ...result, seconds: Math.round((performance.now() - started) / 100) / 10 });
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
};

function vitestTier(project: string, env?: NodeJS.ProcessEnv): Omit<Result, 'tier' | 'seconds'> {
  const report = join(outputDir, `${project}.json`);
  rmSync(report, { force: true });
  const ok = run(
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
  if (!existsSync(report)) return { ok: false, passed: 0, failed: 0, skipped: 0, note: 'vitest wrote no report' };
  const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
  const passed = json.numPassedTests;
  // A file that fails to load (or whose hooks fail) runs no failing test but is a failure all the same.
  const brokenFiles = json.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  // A tier that runs no test proves nothing: count it as a failure.
  const empty = passed + json.numFailedTests === 0;
  return {
    ok: ok && json.success && !empty,
    passed,
    failed: json.numFailedTests + brokenFiles,
    skipped: json.numPendingTests + json.numTodoTests,
    ...(empty ? { note: 'no test ran' } : {}),
  };
}

/** Installs a Debian package when its program is missing and we are root; else says what to do. */
function ensureDebianPackage(program: string, pkg: string, purpose: string): string | undefined {
  if (existsSync(program)) return undefined;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return `${program} is missing; install Debian's ${pkg} for ${purpose} (sudo apt-get install ${pkg})`;
  say(`installing Debian's ${pkg} for ${purpose} (apt-get install ${pkg})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (install.status !== 0 || !existsSync(program)) return `apt-get could not install ${pkg} (see above)`;
  return undefined;
}
let aptUpdated = false;

const tiers = ['lint', 'typecheck', 'unit', 'integration', 'e2e'];
const wanted = process.argv.slice(2).filter((arg) => tiers.includes(arg));
const selected = wanted.length > 0 ? wanted : tiers;
mkdirSync(outputDir, { recursive: true });

if (selected.includes('lint')) {
  timed('lint', () => {
    const ok = run([bin('@biomejs/biome', 'bin/biome'), 'check', '.']);
    return { ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  });
}
if (selected.includes('typecheck')) {
  timed('typecheck', () => {
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
    const failed = projects.filter((project) => !run([bin('typescript', 'bin/tsc'), '--noEmit', '-p', join(root, project)]));
    if (failed.length > 0) console.error(`typecheck failed in: ${failed.join(', ')}`);
    return { ok: failed.length === 0, passed: projects.length - failed.length, failed: failed.length, skipped: 0 };
  });
}
// The local voice engine is exercised by integration and browser tests alike.
if (selected.includes('integration') || selected.includes('e2e')) {
  const missing = ensureDebianPackage('/usr/bin/espeak-ng', 'espeak-ng', 'voice notes without ElevenLabs');
  if (missing) console.error(`[doppel test] ${missing}`);
}
if (selected.includes('unit')) timed('unit', () => vitestTier('unit'));
if (selected.includes('integration')) timed('integration', () => vitestTier('integration'));
if (selected.includes('e2e')) {
  timed('e2e', () => {
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

console.log('\n[doppel test] summary');
for (const result of results) {
  const counts = `${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`;
  console.log(
    `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.tier.padEnd(12)} ${counts.padEnd(36)} ${result.seconds}s${result.note ? `  (${result.note})` : ''}`,
  );
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const skipped = results.reduce((sum, result) => sum + result.skipped, 0);
const allOk = results.every((result) => result.ok);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
