// Process entry of the API: `node apps/api/src/main.ts`. Ctrl-C or SIGTERM shuts down cleanly.
import { loadEnv } from './env.ts';
import { buildServer } from './server.ts';

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const server = await buildServer(env);

// Handlers go in before listening: fastify prints "Server listening" during listen(), and a
// SIGTERM sent on seeing it (a supervisor, a test) arrived before them and killed the process by
// the signal's default, with no clean close (the log-level test caught it on a loaded machine).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

// A signal during listen() closes the server under it; the close then ends the process.
await server.listen().catch((error: unknown) => {
  if (!stopping) throw error;
});
