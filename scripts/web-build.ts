import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const webDir = join(root, 'apps/web');
const builtIndex = join(webDir, 'dist/index.html');
// What the bundle is made of; a change in any of these means the build is stale.
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/validation/src',
  // Its `sideEffects` flag decides what the bundle keeps of it.
  'packages/validation/package.json',
  'package.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Builds apps/web with Vite unless dist/ is newer than every source file. */
export function buildWebAppIfStale(say: (message: string) => void): void {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
  if (builtAt > changedAt) return;
  say('building the web app (Vite)');
  const vite = join(webDir, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web app build failed (see above)');
}
