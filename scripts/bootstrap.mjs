#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run ops` and `npm run bench`.
//
// It runs on whatever Node the host has (20 or newer) and needs only npm: it provisions the
// pinned toolchain (Node 24 and pnpm, both from the npm registry) into the git-ignored
// `.tooling/` folder, installs the workspace from the lockfile when it changed, and then runs
// the task script with Node 24. Plain JavaScript on purpose: nothing here may need a build.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
const PNPM_VERSION = '10.34.8';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tooling = join(root, '.tooling');
const tasks = {
  start: 'scripts/start.ts',
  test: 'scripts/test.ts',
  ops: 'apps/worker/src/cli.ts',
  bench: 'bench/run.ts',
};

function say(message) {
  console.log(`[doppel] ${message}`);
}

function fail(message) {
  console.error(`[doppel] ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

function nodePackageName() {
  const platforms = { linux: 'linux', darwin: 'darwin' };
  const arches = { x64: 'x64', arm64: 'arm64' };
  const platform = platforms[process.platform];
  const arch = arches[process.arch];
  if (!platform || !arch)
    fail(
      `no Node ${NODE_VERSION} package for ${process.platform}/${process.arch}; install Node 24 yourself and run the task scripts directly`,
    );
  return `node-${platform}-${arch}`;
}

function installedVersion(packageDir) {
  const file = join(packageDir, 'package.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

function provisionToolchain() {
  const nodePackage = nodePackageName();
  const nodeDir = join(tooling, 'node_modules', nodePackage);
  const pnpmDir = join(tooling, 'node_modules', 'pnpm');
  if (installedVersion(nodeDir) !== NODE_VERSION || installedVersion(pnpmDir) !== PNPM_VERSION) {
    say(`provisioning Node ${NODE_VERSION} and pnpm ${PNPM_VERSION} from the npm registry into .tooling/ (once)`);
    mkdirSync(tooling, { recursive: true });
    writeFileSync(join(tooling, 'package.json'), '{ "private": true }\n');
    const status = run('npm', [
      'install',
      '--prefix',
      tooling,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${nodePackage}@${NODE_VERSION}`,
      `pnpm@${PNPM_VERSION}`,
    ]);
    if (status !== 0) fail('could not fetch Node and pnpm from the npm registry; check the network or the npm proxy settings');
  }
  // A bin folder first on PATH, so every child process (pnpm scripts, vitest, spawned servers) uses Node 24.
  const bin = join(tooling, 'bin');
  rmSync(bin, { recursive: true, force: true });
  mkdirSync(bin, { recursive: true });
  const node = join(nodeDir, 'bin', 'node');
  symlinkSync(node, join(bin, 'node'));
  const pnpmScript = join(pnpmDir, 'bin', 'pnpm.cjs');
  writeFileSync(join(bin, 'pnpm'), `#!/bin/sh\nexec "${node}" "${pnpmScript}" "$@"\n`);
  chmodSync(join(bin, 'pnpm'), 0o755);
  return { node, bin };
}

function lockStamp() {
  const hash = createHash('sha256');
  const files = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json'];
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(root, group))) files.push(join(group, name, 'package.json'));
  }
  files.push('bench/package.json');
  for (const file of files) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

function installDependencies(env) {
  const stampFile = join(root, 'node_modules', '.doppel-install-stamp');
  const stamp = lockStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  say('installing dependencies from pnpm-lock.yaml');
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  const status = run('pnpm', ['install', ...frozen, '--reporter=append-only'], { env });
  if (status !== 0) fail('pnpm install failed (see above)');
  writeFileSync(stampFile, stamp);
}

const [task, ...args] = process.argv.slice(2);
if (!task || !(task in tasks)) fail(`usage: node scripts/bootstrap.mjs <${Object.keys(tasks).join('|')}> [args]`);

const { node, bin } = provisionToolchain();
const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, npm_config_loglevel: 'error' };
installDependencies(env);

const child = spawn(node, [join(root, tasks[task]), ...args], { stdio: 'inherit', cwd: root, env });
// The task handles Ctrl-C itself (the terminal sends SIGINT to the whole group); we only wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
