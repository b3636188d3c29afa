// Benchmark: knowledge retrieval for one fan message on a twin with 10,000 passages.
//
// Fills a fresh embedded Postgres with one twin holding 40 ready sources of 250 passages each
// (about 120 words a passage, embedded with the offline hashed embedding, 512 dimensions; set
// BENCH_DIMENSIONS=1536 to pad them to an OpenAI-sized vector), and 20 other twins with 500
// passages each, so the indexes hold more than one twin. Then times `retrievePassages` as a reply
// runs it: the sources' fingerprint, the full-text search and the message's embedding, then the
// cosine of every cached passage vector in this process (the embedded Postgres has no pgvector).
// The first, cold call reads the vectors and is printed apart. Baseline, in the same run: one
// primary-key lookup of the talent row. Target: p95 < 30 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDbClient,
  knowledgePassages,
  knowledgeSources,
  migrateDatabase,
  newId,
  startEmbeddedPostgres,
  talents,
} from '@doppel/db';
import { PassageVectors, retrievePassages } from '@doppel/domain/chat/reply';
import { hashedEmbedding } from '@doppel/integrations';
import { eq } from 'drizzle-orm';
import { freePort } from '../scripts/free-port.ts';
import { printReads } from './read-timing.ts';

const targetP95Ms = 30;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const talentId = 'kb0';
const sources = 40;
const passagesPerSource = 250;
const otherTalents = 20;
const otherPassages = 500;
const dimensions = Number(process.env.BENCH_DIMENSIONS ?? 512);

const topics = (
  'lisbon madeira surf yoga camera film paella valencia azores hiking waterfall sunrise coffee ' +
  'bakery market festival train ferry island beach mountain cat recipe podcast interview studio'
).split(' ');
const words = (
  'the morning light over harbour we walked along narrow streets and found small places with music ' +
  'friends tasted local bread fish wine cheese after long day quiet evening plans changed rain wind ' +
  'boat trip road map guide ticket hostel room window view garden church square bridge river tower'
).split(' ');

/** Deterministic pseudo-random numbers, so every run times the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function passageText(next: () => number): string {
  const topic = topics[Math.floor(next() * topics.length)];
  const body = Array.from({ length: 120 }, () => words[Math.floor(next() * words.length)]).join(' ');
  return `On ${topic}: ${body} ${topic}.`;
}

function vector(text: string): number[] {
  const base = hashedEmbedding(text);
  return dimensions <= base.length ? base : [...base, ...new Array(dimensions - base.length).fill(0)];
}

async function insertTwin(
  db: ReturnType<typeof createDbClient>['db'],
  id: string,
  sourceCount: number,
  perSource: number,
  next: () => number,
) {
  await db.insert(talents).values({ id, name: `Twin ${id}`, tag: id });
  for (let index = 0; index < sourceCount; index++) {
    const sourceId = newId();
    await db.insert(knowledgeSources).values({
      id: sourceId,
      talentId: id,
      kind: 'TEXT',
      format: 'TEXT',
      title: `Source ${index}`,
      status: 'READY',
      passageCount: perSource,
      processedAt: new Date(),
    });
    const rows = Array.from({ length: perSource }, (_, position) => {
      const text = passageText(next);
      return { sourceId, talentId: id, revision: 1, position, heading: null, text, embedding: vector(text) };
    });
    for (let start = 0; start < rows.length; start += 250)
      await db.insert(knowledgePassages).values(rows.slice(start, start + 250));
  }
}

export async function benchKnowledgeRetrieval(): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-knowledge-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrateDatabase(server.url);
    const client = createDbClient(server.url, { max: 3, applicationName: 'doppel-bench' });
    const db = client.db;
    console.log(
      `knowledge: seeding one twin with ${(sources * passagesPerSource).toLocaleString('en')} passages ` +
        `(${dimensions} dimensions) and ${otherTalents} twins with ${otherPassages} each`,
    );
    const started = performance.now();
    const next = random(29);
    await insertTwin(db, talentId, sources, passagesPerSource, next);
    for (let index = 1; index <= otherTalents; index++) await insertTwin(db, `kb${index}`, 1, otherPassages, next);
    await client.sql`analyze`;
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const llm = { embed: async (texts: string[]) => texts.map(vector) };
    const questions = topics.map((topic) => `What do you remember about the ${topic} and the harbour bridge?`);
    const cache = new PassageVectors();
    const cold = performance.now();
    const first = await retrievePassages(db, llm, { talentId, text: questions[0] ?? '' }, cache);
    console.log(`  cold call (reads every vector): ${(performance.now() - cold).toFixed(1)} ms, ${first.length} passages found`);

    const timeRuns = async (run: (index: number) => Promise<unknown>) => {
      await run(0);
      const times: number[] = [];
      for (let index = 0; index < runs; index++) {
        const begun = performance.now();
        await run(index);
        times.push(performance.now() - begun);
      }
      return times;
    };
    const baseline = await timeRuns(() => db.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId)));
    const reads: Array<[string, (index: number) => Promise<unknown>]> = [
      [
        'retrieve passages (cached vectors)',
        (index) => retrievePassages(db, llm, { talentId, text: questions[index % questions.length] ?? '' }, cache),
      ],
    ];
    const ok = await printReads(
      { title: 'read', what: 'read', baseline: { name: 'talent by primary key', times: baseline }, targetP95Ms },
      reads,
      timeRuns,
    );
    await client.close();
    return { ok };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
