// `npm start` for the tests that drive it as an operator does: started in a process group of its
// own (as a terminal runs it), its output collected, stopped with Ctrl-C, and killed with everything
// it started if a test fails half-way; and a fan who chats with it over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { expect, vi } from 'vitest';
import { freePort } from './free-port.ts';

const root = resolve(import.meta.dirname, '..');

export type Started = { process: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };
/** Supervisors still running, stopped (with their children) if a test fails half-way. */
const running = new Map<ChildProcess, Promise<number | null>>();

/** Runs scripts/start.ts in a process group of its own, as a terminal does, and resolves once it printed its address. */
export async function startProduct(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  // Vitest's own variables (NODE_ENV=test among them) must not leak into the product.
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const child = spawn(process.execPath, [resolve(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...inherited, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let gone = false;
  // 'close', not 'exit': the last lines it printed are read by then.
  const exited = new Promise<number | null>((done) =>
    child.once('close', (code) => {
      gone = true;
      running.delete(child);
      done(code);
    }),
  );
  running.set(child, exited);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  await vi.waitFor(() => expect(gone || output.includes('Doppel is running at'), output).toBe(true), {
    timeout: 240_000,
    interval: 250,
  });
  if (gone) throw new Error(`start exited with ${await exited}:\n${output}`);
  return { process: child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Sends `signal` to the supervisor's whole process group (never to ours: pid 0 would mean that). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid) process.kill(-child.pid, signal);
}

/**
 * Presses Ctrl-C: SIGINT to the whole process group (supervisor, API, worker), then once more to
 * the supervisor alone, as npm and bootstrap.mjs forward it. Resolves with the exit code.
 */
export async function pressCtrlC(started: Started): Promise<number | null> {
  signalGroup(started.process, 'SIGINT');
  await new Promise((done) => setTimeout(done, 200));
  if (started.process.exitCode === null) started.process.kill('SIGINT');
  return started.exited;
}

/** For afterAll: Ctrl-C to every start still running, so each stops its Postgres; SIGKILL if that hangs. */
export async function stopEveryStart(): Promise<void> {
  for (const [child, exited] of running) {
    signalGroup(child, 'SIGINT');
    const killer = setTimeout(() => signalGroup(child, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  }
}

/** The supervisor's own lines ("[doppel] …"), in order. */
export function supervisorLines(output: string): string[] {
  return output.split('\n').filter((line) => line.startsWith('[doppel] '));
}

export type Message = { id: string; text: string };

/** A fan in a browser: opens a twin's chat anonymously and sends over tRPC's HTTP protocol. */
export async function openChat(url: string, talentTag: string) {
  const headers = { 'content-type': 'application/json' };
  const opened = await fetch(`${url}/trpc/chat.open`, { method: 'POST', headers, body: JSON.stringify({ talentTag }) });
  expect(opened.status).toBe(200);
  const cookie =
    opened.headers
      .getSetCookie()
      .find((line) => line.startsWith('doppel_session='))
      ?.split(';')[0] ?? '';
  const chatId = ((await opened.json()) as { result: { data: { chat: { id: string } } } }).result.data.chat.id;
  return {
    async send(text: string): Promise<Message> {
      const sent = await fetch(`${url}/trpc/chat.send`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ chatId, text, idempotencyKey: randomUUID() }),
      });
      const body = await sent.text();
      expect(sent.status, body).toBe(200);
      return (JSON.parse(body) as { result: { data: { message: Message } } }).result.data.message;
    },
  };
}
