// What the benchmarks that run the real processes share: starting and stopping them, waiting for
// them to come up, and the fake model in a process of its own (fake-model-process.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** The repository's root, where the processes' scripts are found. */
export const repoRoot = resolve(import.meta.dirname, '..');

/** Starts `node <script>` (a path from the repository's root); its stdout is dropped, its stderr shown. */
export function startProcess(script: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, join(repoRoot, script)], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * CPU time a process has used so far, in ms (user and system, from /proc): the API's cost per send,
 * which unlike rates hardly moves with what else the machine runs. Linux only; 0 elsewhere.
 */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The parent's process id, from /proc. Linux only. */
export function parentPid(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
}

/** The process and every process below it, from /proc's parent ids. Linux only. */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent id is the second field after the command's closing bracket.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/**
 * Keeps the processes (every thread of each) on the given CPUs (`taskset -c`, e.g. "0" or "0-1");
 * false when taskset is missing or refused. Processes they start later inherit it.
 */
export function pinToCores(pids: Array<number | undefined>, cores: string): boolean {
  return pids.every(
    (pid) => pid === undefined || spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' }).status === 0,
  );
}

/** Sends SIGTERM and resolves once the process has exited (at once when it already has). */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  return exited;
}

/** Resolves once `check` says yes (a throw counts as no), checking every 200 ms; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what} did not come up`);
}

/** When the fake model wrote a reply's tokens (epoch ms), keyed by the last user message it answered. */
export type FakeModelTokens = { user: string; first: number; second: number | undefined; last: number };

export type FakeModelOptions = {
  /** Wait before each streamed token (the model's token rate); default 0, at once. */
  tokenDelayMs?: number;
  /** Every chat reply's text; default the fake's echo of the fan's message. */
  replyText?: string;
  /** Called once per streamed reply, after its last token, with when its tokens were written. */
  onTokens?: (tokens: FakeModelTokens) => void;
};

/** The fake model in a process of its own, as a model server would be. */
export async function startFakeModel(
  options: FakeModelOptions = {},
): Promise<{ url: string; pid: number | undefined; close: () => void }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (options.tokenDelayMs !== undefined) env.FAKE_MODEL_TOKEN_DELAY_MS = String(options.tokenDelayMs);
  if (options.replyText !== undefined) env.FAKE_MODEL_REPLY = options.replyText;
  if (options.onTokens) env.FAKE_MODEL_REPORT_TOKENS = '1';
  const child = spawn(process.execPath, [join(repoRoot, 'bench/fake-model-process.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  // The first line is the URL; every later one is one reply's token report.
  const url = await new Promise<string>((done, fail) => {
    let first = true;
    lines.on('line', (line) => {
      if (first) done(line.trim());
      else options.onTokens?.(JSON.parse(line) as FakeModelTokens);
      first = false;
    });
    child.once('exit', (code) => fail(new Error(`the fake model exited with ${code}`)));
  });
  return { url, pid: child.pid, close: () => child.kill('SIGTERM') };
}
