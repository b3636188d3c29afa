// Benchmark: how soon an idle worker picks up a job sent on a queue with LISTEN/NOTIFY.
//
// Starts a fresh embedded Postgres and the real worker process (`apps/worker/src/main.ts`), lets
// it go idle (its poll on such a queue is then only the backstop), and sends `system.ping` a few
// times, a little apart, from a client-role pg-boss as the API would. Each ping reports how long
// after its send a worker took it. Prints every pickup against the backstop poll as baseline.
// Target: every pickup under 4 s; a poll alone would land anywhere in the 10 s backstop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, startEmbeddedPostgres } from '@doppel/db';
import { createBoss, enqueue, notifyBackstopPollingSeconds } from '@doppel/jobs';
import { freePort } from '../scripts/free-port.ts';
import { startWorkerProcess } from '../scripts/worker-process.ts';

const pings = Number(process.env.BENCH_PINGS ?? 5);
const targetMs = 4_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function benchJobPickup(): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-pickup-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    const worker = await startWorkerProcess(server.url);
    const client = createBoss(server.url, { role: 'client' });
    await client.start();
    try {
      // Idle: past its first fetches, so only a wake-up or the backstop poll fetches again.
      await sleep(1_500);
      const latencies: number[] = [];
      for (let round = 0; round < pings; round++) {
        const id = await enqueue(client, 'system.ping', { sentAt: new Date().toISOString() });
        if (!id) throw new Error('system.ping was not sent');
        for (;;) {
          const job = await client.getJobById('system.ping', id);
          if (job?.state === 'completed') {
            latencies.push((job.output as { latencyMs: number }).latencyMs);
            break;
          }
          if (job && job.state !== 'created' && job.state !== 'active') throw new Error(`system.ping ended ${job.state}`);
          await sleep(20);
        }
        await sleep(700);
      }
      const worst = Math.max(...latencies);
      const ok = worst < targetMs;
      console.log(
        `job pickup: ${latencies.map((ms) => `${ms} ms`).join(', ')} (worst ${worst} ms; target < ${targetMs} ms; ` +
          `backstop poll ${notifyBackstopPollingSeconds * 1000} ms) ${ok ? 'OK' : 'MISSED'}`,
      );
      return { ok };
    } finally {
      await client.stop({ graceful: false });
      await worker.kill('SIGTERM');
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
