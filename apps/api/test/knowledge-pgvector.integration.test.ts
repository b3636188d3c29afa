// Knowledge retrieval where the database has pgvector (docs/knowledge.md, "Retrieval"), on a real
// Postgres with the extension: PGlite (Postgres 17 compiled to WebAssembly, with pgvector, btree_gin
// and pg_trgm) served over the Postgres wire protocol by pglite-socket, driven by postgres.js as
// production drives any server. The migrations run on it, `ensureVectorIndexes` creates the
// extension and the HNSW indexes, and retrieval finds the closest passages through the database
// instead of the process: the right passage, the cosine the process would compute, only the twin's
// own ready passages, and a passage stored without a vector embedded on the way.

import {
  createDbClient,
  type DbClient,
  indexedVectorDimensions,
  knowledgePassages,
  knowledgeSources,
  migrateDatabase,
  talents,
  vectorIndexName,
} from '@doppel/db';
import { cosineSimilarity, PassageVectors, retrievePassages } from '@doppel/domain/chat/reply';
import { createOfflineLlm } from '@doppel/integrations';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite/vector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port.ts';

const llm = createOfflineLlm();
let pglite: PGlite;
let server: PGLiteSocketServer;
let client: DbClient;

const madeira = 'On Madeira I hiked the levada to the Caldeirão Verde waterfall, six hours through laurel forest and tunnels.';
const lisbon = 'In Lisbon my favourite pastry was the pastel de nata from Manteigaria, still warm with cinnamon.';
const studio = 'My studio is a converted garage in Porto where I record the podcast every Tuesday night.';

beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { vector, btree_gin, pg_trgm } });
  const port = await freePort();
  server = new PGLiteSocketServer({ db: pglite, port, host: '127.0.0.1' });
  await server.start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await migrateDatabase(url);
  // pglite-socket serves one connection at a time.
  client = createDbClient(url, { max: 1 });
}, 120_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
  await pglite?.close();
});

/** A twin with one READY source of these passages, each embedded by the reply's engine unless `unembedded`. */
async function twinWithPassages(
  name: string,
  texts: string[],
  options: { unembedded?: number[]; status?: 'READY' | 'PROCESSING' } = {},
) {
  const { db } = client;
  const [talent] = await db.insert(talents).values({ name, tag: name.toLowerCase() }).returning();
  if (!talent) throw new Error('talent not stored');
  const [source] = await db
    .insert(knowledgeSources)
    .values({
      talentId: talent.id,
      kind: 'TEXT',
      format: 'TEXT',
      title: `${name}'s notes`,
      status: options.status ?? 'READY',
      passageCount: texts.length,
      processedAt: new Date(),
    })
    .returning();
  if (!source) throw new Error('source not stored');
  const embeddings = await llm.embed(texts);
  const passages = await db
    .insert(knowledgePassages)
    .values(
      texts.map((text, position) => ({
        sourceId: source.id,
        talentId: talent.id,
        revision: source.revision,
        position,
        text,
        embedding: options.unembedded?.includes(position) ? [] : (embeddings[position] ?? []),
      })),
    )
    .returning({ id: knowledgePassages.id, text: knowledgePassages.text });
  return { talentId: talent.id, passages };
}

describe('knowledge retrieval on a Postgres with pgvector', () => {
  it('has the extension and an HNSW index per embedding size after the migrations', async () => {
    const rows = await client.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'knowledge_passages' and indexdef like '%hnsw%'`,
    );
    expect(rows.map((row) => row.indexname).sort()).toEqual(indexedVectorDimensions.map(vectorIndexName).sort());
    expect(rows.every((row) => /vector_cosine_ops/.test(row.indexdef))).toBe(true);
    expect(await new PassageVectors().searchPath(client.db, 512)).toBe('pgvector');
    // A size without an index (OpenAI's large model) keeps the in-process path.
    expect(await new PassageVectors().searchPath(client.db, 3072)).toBe('in-process');
  });

  it("finds the twin's closest passage through the database, with the cosine the process computes", async () => {
    const twin = await twinWithPassages('Ana', [madeira, lisbon, studio]);
    // Another twin holding the very same words is never retrieved for Ana.
    await twinWithPassages('Bea', [madeira, lisbon, studio]);
    const question = 'Which waterfall did you hike to on Madeira?';
    const matches = await retrievePassages(client.db, llm, { talentId: twin.talentId, text: question });

    const best = matches[0];
    expect(best?.text).toBe(madeira);
    expect(matches.every((match) => twin.passages.some((passage) => passage.id === match.passageId))).toBe(true);
    const [questionVector] = await llm.embed([question]);
    const [passageVector] = await llm.embed([madeira]);
    expect(best?.vectorScore).toBeCloseTo(cosineSimilarity(questionVector ?? [], passageVector ?? []), 3);
  });

  it('embeds a passage stored without a vector, and leaves out sources that are not ready', async () => {
    const twin = await twinWithPassages('Caro', [studio, lisbon], { unembedded: [0] });
    const cache = new PassageVectors();
    const matches = await retrievePassages(
      client.db,
      llm,
      { talentId: twin.talentId, text: 'Where do you record your podcast?' },
      cache,
    );
    expect(matches[0]?.text).toBe(studio);
    const [stored] = await client.db
      .select({ size: sql<number>`cardinality(${knowledgePassages.embedding})` })
      .from(knowledgePassages)
      .where(eq(knowledgePassages.id, twin.passages[0]?.id ?? ''));
    expect(Number(stored?.size)).toBe(512);

    const processing = await twinWithPassages('Dani', [studio], { status: 'PROCESSING' });
    expect(
      await retrievePassages(client.db, llm, { talentId: processing.talentId, text: 'Where do you record your podcast?' }),
    ).toEqual([]);
  });
});
