// pgvector, where the database has it (docs/knowledge.md, "Retrieval"): an HNSW index over the
// knowledge passages' embeddings lets Postgres find the closest passages itself instead of each
// worker keeping every twin's vectors in memory. Managed Postgres services offer the extension; the
// embedded Postgres of `npm start` does not, and replies then compute the cosine in the process.
//
// Not a migration: whether the extension exists is the server's matter, and it may be installed
// after the migrations ran. `migrateDatabase` calls this after every migration run, so a restart
// picks it up. Vectors are `real[]` of the engine's size (512 offline, 1536 for OpenAI's
// text-embedding-3-small); an HNSW index needs one size, so there is one partial index per size,
// on the cast `embedding::vector(N)`. (3,072-dimension vectors exceed HNSW's limit for `vector`
// and use the in-process path.)
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The embedding sizes that get an index: the offline hashed embedding's and OpenAI's small model's. */
export const indexedVectorDimensions = [512, 1536] as const;

export const vectorIndexName = (dimensions: number): string => `knowledge_passages_vector_${dimensions}_idx`;

/**
 * Creates the extension (when the server offers it and this user may) and the indexes, once;
 * answers whether the indexes exist. Never fails a migration: without pgvector nothing changes.
 */
export async function ensureVectorIndexes(db: Database): Promise<boolean> {
  const [available] = await db.execute<{ available: boolean; installed: boolean }>(sql`
    select exists (select 1 from pg_available_extensions where name = 'vector') as available,
           exists (select 1 from pg_extension where extname = 'vector') as installed`);
  if (!available?.available) return false;
  if (!available.installed) {
    try {
      await db.execute(sql`create extension if not exists vector`);
    } catch {
      // Offered but not ours to create (a managed service's role without the right): replies
      // keep the in-process path, and an operator may create it and restart.
      return false;
    }
  }
  for (const dimensions of indexedVectorDimensions) {
    await db.execute(
      sql.raw(
        `create index if not exists ${vectorIndexName(dimensions)} on knowledge_passages using hnsw ` +
          `((embedding::vector(${dimensions})) vector_cosine_ops) where cardinality(embedding) = ${dimensions}`,
      ),
    );
  }
  return true;
}
