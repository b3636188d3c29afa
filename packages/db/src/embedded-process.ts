// Runs the embedded Postgres in a process of its own, in its own process group, so a Ctrl-C in
// the terminal does not reach Postgres before the API and worker have finished with it. The
// parent (scripts/start.ts) asks it to stop last, over IPC; if the parent vanishes, it stops too.
// A server that exits unexpectedly (kill -9) is reported to the parent, which decides when to
// restart it (after a back-off, scripts/supervised-postgres.ts) and asks for that over IPC too.
import { startEmbeddedPostgres } from './embedded.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string; port: number };
const server = await startEmbeddedPostgres({
  ...options,
  onUnexpectedExit: ({ code, signal }) => process.send?.({ type: 'exited', code, signal }),
}).catch((error: unknown) => {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  process.exit(0);
}

async function restart(): Promise<void> {
  try {
    await server.restart();
    process.send?.({ type: 'restarted', pid: server.pid() });
  } catch (error) {
    process.send?.({ type: 'restart-failed', message: error instanceof Error ? error.message : String(error) });
  }
}

process.on('message', (message) => {
  if (message === 'stop') void stop();
  if (message === 'restart' && !stopping) void restart();
});
process.on('disconnect', () => void stop());
// A plain `kill` of this process stops Postgres cleanly rather than leaving it running.
process.on('SIGTERM', () => void stop());
// Only our parent decides when to stop; signals meant for the terminal's group are ignored.
process.on('SIGINT', () => {});
process.send?.({ type: 'ready', url: server.url, clusterDir: server.clusterDir, note: server.note, pid: server.pid() });
