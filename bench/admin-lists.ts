// Benchmark: the admin back-office lists on a large database.
//
// Fills a fresh embedded Postgres with one million chats and ten million messages (plus users,
// talents, FAQs and Discover entries; packages/db/src/bulk-seed.ts), then times each list's use
// case as the API runs it (the query and the mapping, without HTTP): the first page and the pages
// after it, following the cursors. Baseline, timed in the same run: one primary-key lookup, the
// floor of any call. Prints p50/p95 per list and its ratio to the baseline. Target: p95 < 20 ms.
// BENCH_ADMIN_SCALE=0.1 runs on a tenth of the data (a quick look; the target is for the full set).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chats, createDbClient, type Database, migrateDatabase, startEmbeddedPostgres } from '@doppel/db';
import { seedBulkAdminData } from '@doppel/db/testing';
import { adminLists } from '@doppel/domain/admin';
import { eq } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';
import { printReads, timed } from './read-timing.ts';

const scale = Number(process.env.BENCH_ADMIN_SCALE ?? 1);
const targetP95Ms = 20;
/** Pages read per walk (the first and the ones after it) and walks per list. */
const pagesPerWalk = 5;
const walks = 40;

/** Every page of `walks` walks through a list, each following its cursors `pagesPerWalk` deep. */
async function timeList(list: (db: Database, cursor: string | null) => Promise<{ nextCursor: string | null }>, db: Database) {
  const times: number[] = [];
  await list(db, null); // warm-up: plans cached, pages in memory
  for (let walk = 0; walk < walks; walk++) {
    let cursor: string | null = null;
    for (let page = 0; page < pagesPerWalk; page++) {
      let next: string | null = null;
      const at = cursor;
      times.push(
        await timed(async () => {
          next = (await list(db, at)).nextCursor;
        }),
      );
      cursor = next;
      if (!cursor) break;
    }
  }
  return times;
}

export async function benchAdminLists(): Promise<{ ok: boolean }> {
  const size = {
    users: Math.round(200_000 * scale),
    talents: Math.round(10_000 * scale),
    chats: Math.round(1_000_000 * scale),
    messages: Math.round(10_000_000 * scale),
    faqs: Math.round(100_000 * scale),
  };
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-admin-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: 2, applicationName: 'doppel-bench' });
    console.log(
      `admin lists: seeding ${size.chats.toLocaleString('en')} chats, ${size.messages.toLocaleString('en')} messages, ` +
        `${size.users.toLocaleString('en')} users, ${size.talents.toLocaleString('en')} talents, ${size.faqs.toLocaleString('en')} FAQs`,
    );
    const seedStarted = performance.now();
    await seedBulkAdminData(client.sql, size);
    console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

    const baseline: number[] = [];
    for (let i = 0; i < walks * pagesPerWalk; i++) {
      const id = `bc${(i * 7919) % size.chats}`;
      baseline.push(await timed(() => client.db.select({ id: chats.id }).from(chats).where(eq(chats.id, id))));
    }
    const ok = await printReads(
      { title: 'list', what: 'list', baseline: { name: 'chat by primary key', times: baseline }, targetP95Ms },
      Object.entries(adminLists),
      (list) => timeList(list, client.db),
    );
    await client.close();
    return { ok };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
