// Benchmark: knowledge retrieval for one fan message on a twin with 10,000 passages among 1,000
// twins with 500 each (half a million passages), and ingestion of large sources.
//
// Fills a fresh embedded Postgres with one twin holding 40 ready sources of 250 passages each
// (about 120 words a passage, embedded with the offline hashed embedding, 512 dimensions; set
// BENCH_DIMENSIONS=1536 to pad them to an OpenAI-sized vector), and 1,000 other twins with one
// source of 500 passages each, vectors of the same size (BENCH_KNOWLEDGE_TWINS shrinks their
// number for a quick look). The other twins are written by the database itself, from a pool of
// 1,000 texts and vectors, in one insert per 50 twins. Then times `retrievePassages` as a reply runs
// it: the sources' fingerprint, the full-text search within the twin and the message's embedding,
// then the cosine of every cached passage vector in this process (the embedded Postgres has no
// pgvector, so this path runs; the bench says so). The first, cold call reads the vectors and is
// printed apart. Baseline, in the same run: one primary-key lookup of the talent row. (Where the
// database has pgvector, retrieval uses its index instead, and the bench says which path ran.)
// Targets: retrieval p95 < 30 ms; a 300-page PDF and a 2 MB web page each ingested offline in
// under 60 s (knowledge-ingestion.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
import { benchKnowledgeIngestion, ingestionTargetMs } from './knowledge-ingestion.ts';
import { percentile, printReads } from './read-timing.ts';

const targetP95Ms = 30;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const talentId = 'kb0';
const sources = 40;
const passagesPerSource = 250;
const otherTalents = Number(process.env.BENCH_KNOWLEDGE_TWINS ?? 1_000);
/** Texts and vectors the other twins' passages are drawn from. */
const poolSize = 1_000;
/** Other twins written per insert statement (25,000 passages). */
const twinsPerInsert = 50;
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

/**
 * The other twins, written by the database: one talent and one ready source each, and their
 * passages drawn from a pool of texts and vectors made here, in one statement per `twinsPerInsert`.
 */
async function seedOtherTwins(sql: ReturnType<typeof createDbClient>['sql'], next: () => number) {
  if (otherTalents <= 0) return;
  await sql`create table bench_passage_pool (n integer primary key, text text not null, embedding real[] not null)`;
  const pool = Array.from({ length: poolSize }, (_, n) => {
    const text = passageText(next);
    return { n, text, embedding: vector(text) };
  });
  for (let start = 0; start < pool.length; start += 100)
    await sql`insert into bench_passage_pool ${sql(pool.slice(start, start + 100))}`;
  await sql`
    insert into talents (id, name, tag) select 'kb' || g, 'Twin kb' || g, 'kb' || g from generate_series(1, ${otherTalents}::int) g`;
  await sql`
    insert into knowledge_sources (id, talent_id, kind, format, title, status, passage_count, processed_at)
    select 'kbs' || g, 'kb' || g, 'TEXT', 'TEXT', 'Source 0', 'READY', ${otherPassages}::int, now()
    from generate_series(1, ${otherTalents}::int) g`;
  for (let first = 1; first <= otherTalents; first += twinsPerInsert) {
    const last = Math.min(otherTalents, first + twinsPerInsert - 1);
    await sql`
      insert into knowledge_passages (id, source_id, talent_id, revision, position, text, embedding)
      select 'kbp' || t || '-' || p, 'kbs' || t, 'kb' || t, 1, p, pool.text, pool.embedding
      from generate_series(${first}::int, ${last}::int) t
      cross join generate_series(0, ${otherPassages - 1}::int) p
      join bench_passage_pool pool on pool.n = ((t * ${otherPassages} + p)::bigint * 7919) % ${poolSize}::int`;
  }
  await sql`drop table bench_passage_pool`;
}

/**
 * How Postgres runs the full-text part of retrieval for the big twin, as the reply's prepared
 * statement does (its generic plan) and as a one-off query would (a custom plan): the scans used
 * and the execution time, for each question.
 */
async function explainTextSearch(sql: ReturnType<typeof createDbClient>['sql'], questions: string[]) {
  const connection = await sql.reserve();
  try {
    const join = `join knowledge_sources s on s.id = p.source_id and s.revision = p.revision and s.status = 'READY'`;
    // The read as retrieval sends it (the twin's id and its words, both in the one GIN index),
    // planned with its values (custom) and as a prepared statement's generic plan, which is what
    // a reply gets after a few calls.
    await connection.unsafe(`prepare bench_as_run(text, text) as
      select p.id from knowledge_passages p ${join}
      where p.talent_id = $1 and p.search_vector @@ plainto_tsquery('english', $2) limit 50`);
    console.log('\n  full-text read, explained:');
    const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
    const statements: Array<[string, string, string]> = [
      ['custom plan', 'bench_as_run', 'force_custom_plan'],
      ['generic plan', 'bench_as_run', 'force_generic_plan'],
    ];
    for (const [name, statement, mode] of statements) {
      await connection.unsafe(`set plan_cache_mode = ${mode}`);
      for (const question of questions) {
        const rows = await connection.unsafe<{ 'QUERY PLAN': string }[]>(
          `explain (analyze, costs off) execute ${statement}(${literal(talentId)}, ${literal(question)})`,
        );
        const lines = rows.map((row) => row['QUERY PLAN']);
        const scans = lines
          .filter((line) => /Scan/.test(line))
          .map((line) =>
            line
              .replace(/\(actual.*$/, '')
              .replace('->', '')
              .trim(),
          );
        const time = lines.find((line) => line.startsWith('Execution Time'));
        console.log(`  ${name.padEnd(24)} "${question}": ${scans.join(', ')}; ${time}`);
      }
    }
    await connection.unsafe('reset plan_cache_mode');
    await connection.unsafe('deallocate all');
  } finally {
    connection.release();
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
        `(${dimensions} dimensions) and ${otherTalents.toLocaleString('en')} twins with ${otherPassages} each`,
    );
    const started = performance.now();
    const next = random(29);
    await insertTwin(db, talentId, sources, passagesPerSource, next);
    const bigSeconds = (performance.now() - started) / 1000;
    const othersStarted = performance.now();
    await seedOtherTwins(client.sql, next);
    await client.sql`analyze`;
    const [counts] = await client.sql<{ passages: string; sources: string }[]>`
      select (select count(*) from knowledge_passages) as passages, (select count(*) from knowledge_sources) as sources`;
    console.log(
      `  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (the big twin ${bigSeconds.toFixed(1)} s, ` +
        `the others ${((performance.now() - othersStarted) / 1000).toFixed(1)} s): ` +
        `${Number(counts?.passages).toLocaleString('en')} passages in ${Number(counts?.sources).toLocaleString('en')} sources`,
    );
    const path = await new PassageVectors().searchPath(db, dimensions);
    console.log(
      path === 'pgvector'
        ? `  vector path: pgvector's HNSW index on ${dimensions} dimensions, in the database`
        : `  vector path: cosine in this process over the cached passage vectors (this Postgres has no pgvector index for ${dimensions} dimensions)`,
    );

    const llm = { embed: async (texts: string[]) => texts.map(vector) };
    // Half the questions hold a word no passage has (no full-text hit), half only words most passages
    // have (hundreds of hits in the twin, tens of thousands among all twins): the full-text search's
    // cheapest and dearest cases.
    const questions = topics.flatMap((topic) => [
      `What do you remember about the ${topic} and the harbour bridge?`,
      `${topic} harbour bridge river view`,
    ]);
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
        'retrieve: a word no passage holds',
        (index) => retrievePassages(db, llm, { talentId, text: questions[(2 * index) % questions.length] ?? '' }, cache),
      ],
      [
        'retrieve: words most passages hold',
        (index) => retrievePassages(db, llm, { talentId, text: questions[(2 * index + 1) % questions.length] ?? '' }, cache),
      ],
    ];
    const retrievalTimes: number[] = [];
    const retrievalOk = await printReads(
      { title: 'read (cached vectors)', what: 'read', baseline: { name: 'talent by primary key', times: baseline }, targetP95Ms },
      reads,
      async (run) => {
        const times = await timeRuns(run);
        retrievalTimes.push(...times);
        return times;
      },
    );

    await explainTextSearch(client.sql, questions.slice(0, 2));

    console.log('\n  ingestion (offline: real reader, splitter, hashed embedding, one transaction)');
    const figures = await benchKnowledgeIngestion(db);
    for (const figure of figures) {
      console.log(
        `  ${figure.name.padEnd(20)} ${(figure.bytes / 1024 / 1024).toFixed(2)} MB, ${figure.characters.toLocaleString('en')} characters, ` +
          `${figure.passages.toLocaleString('en')} passages: ${(figure.ms / 1000).toFixed(1)} s ${figure.ms < ingestionTargetMs ? 'met' : 'MISSED'}`,
      );
    }
    const verdicts = [
      `retrieval p95 ${percentile(retrievalTimes, 95).toFixed(1)} ms (both kinds) (target < ${targetP95Ms} ms) ${retrievalOk ? 'met' : 'MISSED'}`,
      ...figures.map(
        (figure) =>
          `${figure.name} ${(figure.ms / 1000).toFixed(1)} s (target < ${ingestionTargetMs / 1000} s) ${figure.ms < ingestionTargetMs ? 'met' : 'MISSED'}`,
      ),
    ];
    const ok = retrievalOk && figures.every((figure) => figure.ms < ingestionTargetMs);
    console.log(
      `\nknowledge: ${verdicts.join('; ')}; load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    await client.close();
    return { ok };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
