// Runs the embedded Postgres in a process of its own, in its own process group, so a Ctrl-C in
// the terminal does not reach Postgres before the API and worker have finished with it. The
// parent (scripts/start.ts) asks it to stop last, over IPC; if the parent vanishes, it stops too.
import { startEmbeddedPostgres } from './embedded.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string; port: number };
const server = await startEmbeddedPostgres(options).catch((error: unknown) => {
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

process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
// A plain `kill` of this process stops Postgres cleanly rather than leaving it running.
process.on('SIGTERM', () => void stop());
// Only our parent decides when to stop; signals meant for the terminal's group are ignored.
process.on('SIGINT', () => {});
process.send?.({ type: 'ready', url: server.url, clusterDir: server.clusterDir, note: server.note });
