// What the benchmarks that run the real processes share: starting and stopping them, waiting for
// them to come up, and the fake model in a process of its own (fake-model-process.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
export async function startFakeModel(options: FakeModelOptions = {}): Promise<{ url: string; close: () => void }> {
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
  return { url, close: () => child.kill('SIGTERM') };
}
