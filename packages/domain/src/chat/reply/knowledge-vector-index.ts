// The meaning half of knowledge retrieval where the database has pgvector (docs/knowledge.md):
// Postgres finds the twin's closest passages through the HNSW index on `embedding::vector(N)`
// (packages/db vector-indexes.ts) instead of the process keeping the twin's vectors.
import { type Executor, indexedVectorDimensions, knowledgePassages, knowledgeSources, vectorIndexName } from '@doppel/db';
import { and, eq, sql } from 'drizzle-orm';
import { currentPassage } from './current-passage.ts';

/** Which way the closest passages are found: by the database's vector index, or in this process. */
export type VectorSearchPath = 'pgvector' | 'in-process';

/** The embedding sizes this database has a vector index for (none without pgvector). */
export async function indexedDimensions(db: Executor): Promise<Set<number>> {
  const names = indexedVectorDimensions.map(vectorIndexName);
  const rows = await db.execute<{ indexname: string }>(
    sql`select indexname from pg_indexes where tablename = 'knowledge_passages' and indexname in ${names}`,
  );
  return new Set(
    indexedVectorDimensions.filter((dimensions) => rows.some((row) => row.indexname === vectorIndexName(dimensions))),
  );
}

/**
 * The `limit` passages of the twin's ready sources closest to `embedding` (cosine), best first.
 * `hnsw.iterative_scan` lets the index keep scanning until `limit` rows of this twin pass the filter
 * (pgvector 0.8; older versions ignore the setting and may return fewer), so it runs in a
 * transaction of its own where the setting is local.
 */
export async function nearestInDatabase(
  db: Executor,
  input: { talentId: string; embedding: number[]; limit: number },
): Promise<Array<[string, number]>> {
  const dimensions = input.embedding.length;
  // A type modifier is not a parameter: the size is one of ours (indexedVectorDimensions), never input.
  if (!(indexedVectorDimensions as readonly number[]).includes(dimensions))
    throw new Error(`no vector index for ${dimensions} dimensions`);
  const column = sql.raw(`knowledge_passages.embedding::vector(${dimensions})`);
  const query = sql`${`[${input.embedding.join(',')}]`}::vector(${sql.raw(String(dimensions))})`;
  const distance = sql`${column} <=> ${query}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`);
    const rows = await tx
      .select({ id: knowledgePassages.id, distance: sql<number>`${distance}` })
      .from(knowledgePassages)
      .innerJoin(knowledgeSources, currentPassage)
      .where(
        and(
          eq(knowledgePassages.talentId, input.talentId),
          sql`cardinality(${knowledgePassages.embedding}) = ${sql.raw(String(dimensions))}`,
        ),
      )
      .orderBy(distance)
      .limit(input.limit);
    return rows.map((row): [string, number] => [row.id, 1 - Number(row.distance)]);
  });
}
