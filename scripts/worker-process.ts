// The worker as its own process (main.ts), for tests and benchmarks that kill it as an operator or
// a crash would: started, awaited until it logs "worker started", then stopped or SIGKILLed.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainPath = fileURLToPath(new URL('../apps/worker/src/main.ts', import.meta.url));

export type WorkerProcess = {
  child: ChildProcessWithoutNullStreams;
  /** Everything it printed, for a failure message. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
};

export async function startWorkerProcess(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [mainPath], {
    // Info level whatever the caller's environment says: "worker started" is how we know it is up.
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
  });
  let printed = '';
  child.stderr.on('data', (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      if (printed.includes('"msg":"worker started"')) resolve();
    });
    child.on('close', () => reject(new Error(`worker exited before starting:\n${printed}`)));
  });
  return {
    child,
    output: () => printed,
    exited,
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}
