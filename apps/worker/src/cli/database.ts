// Which database the ops CLI talks to: DATABASE_URL, or the embedded development database that
// `npm start` runs (same data folder and port), started here only if nothing is serving it yet.
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDbClient, startEmbeddedPostgres } from '@doppel/db';
import type { CliEnv } from '../env.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type OpsDatabase = {
  url: string;
  /** Where the URL came from, for the one line the CLI prints about it. */
  description: string;
  close: () => Promise<void>;
};

export function embeddedDataDir(env: Pick<CliEnv, 'DOPPEL_DATA_DIR'>): string {
  const configured = env.DOPPEL_DATA_DIR;
  if (configured === undefined) return join(repoRoot, '.data');
  return isAbsolute(configured) ? configured : resolve(repoRoot, configured);
}

async function reachable(url: string): Promise<boolean> {
  // A local port: a refused connection answers at once, so no timeout is needed.
  const probe = createDbClient(url, { max: 1, applicationName: 'doppel-ops-probe' });
  try {
    await probe.sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.close();
  }
}

export async function openOpsDatabase(env: CliEnv): Promise<OpsDatabase> {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, description: `DATABASE_URL (${new URL(env.DATABASE_URL).host})`, close: async () => {} };
  }
  const port = env.EMBEDDED_POSTGRES_PORT;
  const url = `postgres://doppel:doppel@127.0.0.1:${port}/doppel`;
  // `npm start` may already run the embedded server on this port; two servers on one data folder cannot.
  if (await reachable(url))
    return { url, description: `embedded database on port ${port} (already running)`, close: async () => {} };
  const dataDir = embeddedDataDir(env);
  const server = await startEmbeddedPostgres({ dataDir, port });
  return { url: server.url, description: `embedded database in ${dataDir} (started for this command)`, close: server.stop };
}
