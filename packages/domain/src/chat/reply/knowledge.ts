// Knowledge retrieval for a reply (docs/knowledge.md, "Retrieval"): the passages of the twin's
// ready sources that fit the fan's message, found two ways and fused into one score.
// - Words: Postgres full-text search on knowledge_passages.search_vector. Candidates are passages
//   holding every word of the message (the GIN index on the twin's id and words); each candidate is ranked by ts_rank_cd
//   against any of the words, which finds names, places and numbers an embedding blurs.
// - Meaning: cosine similarity between the message's embedding and each passage's; the closest 50
//   are candidates too. Found by Postgres through pgvector's HNSW index where the database has it
//   (knowledge-vector-index.ts), else computed in this process from a per-twin cache of unit vectors.
// The fusion is a weighted sum of the two scores, each scaled to 0..1, not reciprocal-rank fusion:
// ranks say nothing about how well the best passage fits, and the reply needs an absolute score
// to leave out passages that fit nothing (and a knowledge gap is a question no passage fits).
import { type ChatPromptPassage, type Executor, knowledgePassages, knowledgeSources } from '@doppel/db';
import { and, eq, sql } from 'drizzle-orm';
import type { LlmPort } from '../../ports/llm.ts';
import { currentPassage } from './current-passage.ts';
import { indexedDimensions, nearestInDatabase, type VectorSearchPath } from './knowledge-vector-index.ts';
import { fullTextHits, passageCandidates } from './passage-reads.ts';
import type { TwinMaterialCache } from './twin-material-cache.ts';

/**
 * A passage that fits the fan's message, with its scores, as the prompt log records it: text rank
 * scaled to 0..1, the embeddings' cosine, and `vectorWeight * vectorScore + textWeight * textScore`.
 */
export type PassageMatch = ChatPromptPassage;

/** At most this many passages go into one prompt, best first. */
export const passageMatchLimit = 4;

/**
 * Minimum fused score for a passage to enter the prompt. Tuned on the offline hashed embeddings
 * (a question about a passage's subject scores 0.3 to 0.6, an unrelated one under 0.15) and fits
 * OpenAI's text-embedding-3 models, whose unrelated pairs sit around 0.1 to 0.25 cosine.
 */
export const defaultPassageMinScore = 0.25;

/**
 * A passage scoring at least this answers the question: a reply that carried one is no knowledge
 * gap, and neither is an earlier question that a passage added since scores this on.
 */
export const answeringPassageScore = 0.3;

/** Meaning counts more than shared words; shared words lift a passage naming what the fan named. */
export const vectorWeight = 0.6;
export const textWeight = 0.4;

/** ts_rank_cd of one matched word is about 0.1; this maps it to 0.5 and grows towards 1 with more. */
const textRankHalf = 0.1;

/** How many nearest vectors are scored per reply (and `textCandidateLimit` full-text hits): more never change the best few. */
const vectorCandidateLimit = 50;

/** A twin's passages as the cache holds them: unit vectors in one flat array, for a fast dot product. */
type TwinPassages = {
  fingerprint: string;
  dimensions: number;
  ids: string[];
  sourceIds: string[];
  vectors: Float32Array;
};

/**
 * The passage vectors of the twins a process answered for, so a reply does not read thousands of
 * vectors from the database. An entry is keyed by the twin and checked against a fingerprint of its
 * ready sources (id, revision, processed time, passage count): any change to a source reloads it.
 * Holds at most `limit` twins, dropping the least recently used first.
 */
export class PassageVectors {
  private readonly twins = new Map<string, TwinPassages>();
  private readonly limit: number;
  /** The embedding sizes the database has a vector index for, read once per process. */
  private indexes: Promise<Set<number>> | undefined;

  constructor(limit = 50) {
    this.limit = limit;
  }

  /** How the closest passages of this size are found: the database's index where it has one. */
  async searchPath(db: Executor, dimensions: number): Promise<VectorSearchPath> {
    this.indexes ??= indexedDimensions(db).catch((error: unknown) => {
      this.indexes = undefined;
      throw error;
    });
    return (await this.indexes).has(dimensions) ? 'pgvector' : 'in-process';
  }

  get(talentId: string, fingerprint: string, dimensions: number): TwinPassages | undefined {
    const entry = this.twins.get(talentId);
    if (!entry || entry.fingerprint !== fingerprint || entry.dimensions !== dimensions) return undefined;
    this.twins.delete(talentId);
    this.twins.set(talentId, entry);
    return entry;
  }

  set(talentId: string, entry: TwinPassages): void {
    this.twins.delete(talentId);
    if (this.twins.size >= this.limit) {
      const oldest = this.twins.keys().next().value;
      if (oldest !== undefined) this.twins.delete(oldest);
    }
    this.twins.set(talentId, entry);
  }
}

export type RetrievePassagesInput = {
  talentId: string;
  text: string;
  minScore?: number;
  limit?: number;
  /**
   * Embed and store passages with no vector of this engine (default true). Off for readers that
   * embed with something other than the reply engine (the knowledge-gap list's local embedding),
   * which must never overwrite the vectors replies use.
   */
  embedMissing?: boolean;
};

type ReadySource = { id: string; revision: number; processedAt: Date | null; passageCount: number };

/** The twin's ready sources, in id order: what the passage vectors' fingerprint is made of. */
function listReadySources(db: Executor, talentId: string): Promise<ReadySource[]> {
  return db
    .select({
      id: knowledgeSources.id,
      revision: knowledgeSources.revision,
      processedAt: knowledgeSources.processedAt,
      passageCount: knowledgeSources.passageCount,
    })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.talentId, talentId), eq(knowledgeSources.status, 'READY')))
    .orderBy(knowledgeSources.id);
}

function hasPassages(sources: ReadySource[]): boolean {
  return sources.some((source) => source.passageCount > 0);
}

/**
 * The passages of the twin's ready sources that fit `input.text`, best first; see the file comment.
 * Three reads go out together (the sources' fingerprint, the full-text hits, the message's
 * embedding); the twin's vectors are read only when the cache has none for that fingerprint.
 */
export async function retrievePassages(
  db: Executor,
  llm: Pick<LlmPort, 'embed'>,
  input: RetrievePassagesInput,
  cache: PassageVectors = new PassageVectors(),
  /** The worker's short-lived memo of the twin's ready sources (twin-material-cache.ts); without it they are read. */
  lists?: TwinMaterialCache,
): Promise<PassageMatch[]> {
  const text = input.text.trim();
  if (text === '') return [];
  // The sources' fingerprint (for the cache), the full-text hits and the message's embedding, together.
  // With the worker's memo of the sources the hits and the embedding wait for it (it is in memory
  // nearly always), so a twin without knowledge costs no statement and no embedding here.
  const listed = lists?.read(`sources:${input.talentId}`, () => listReadySources(db, input.talentId));
  if (listed && !hasPassages(await listed)) return [];
  const [sources, hits, [embedding]] = await Promise.all([
    listed ?? listReadySources(db, input.talentId),
    fullTextHits(db, { talentId: input.talentId, text }),
    llm.embed([text]),
  ]);
  if (!hasPassages(sources)) return [];
  const fingerprint = sources
    .map((source) => `${source.id}:${source.revision}:${source.processedAt?.getTime() ?? 0}:${source.passageCount}`)
    .join('|');

  // Vector candidates: the passages closest in meaning, found by the database's vector index where
  // it has one, else from the cached vectors. Either way the cache entry says the twin's passages
  // all have a vector of this size (those without are embedded first).
  const vectorScores = new Map<string, number>();
  if (embedding && embedding.length > 0) {
    const path = await cache.searchPath(db, embedding.length);
    let twin = cache.get(input.talentId, fingerprint, embedding.length);
    if (!twin) {
      const embedder = input.embedMissing === false ? null : llm;
      const loaded = await loadTwin(db, embedder, input.talentId, fingerprint, embedding.length, path === 'in-process');
      if (loaded.complete) cache.set(input.talentId, loaded);
      twin = loaded;
    }
    const nearest =
      path === 'pgvector'
        ? await nearestInDatabase(db, { talentId: input.talentId, embedding, limit: vectorCandidateLimit })
        : closest(twin, unit(embedding), vectorCandidateLimit);
    for (const [id, score] of nearest) vectorScores.set(id, score);
  }
  const ids = [...new Set([...hits.map((hit) => hit.id), ...vectorScores.keys()])];
  if (ids.length === 0) return [];

  // Both kinds of candidate, with their text and full-text rank, in one read.
  const rows = await passageCandidates(db, { talentId: input.talentId, text, ids });
  const minScore = input.minScore ?? defaultPassageMinScore;
  // A source deleted between the reads simply drops out.
  return rows
    .map((row) => {
      const vectorScore = Math.max(0, vectorScores.get(row.id) ?? 0);
      const rank = Number(row.rank) || 0;
      const textScore = rank / (rank + textRankHalf);
      return {
        passageId: row.id,
        sourceId: row.sourceId,
        sourceTitle: row.sourceTitle,
        heading: row.heading,
        text: row.text,
        textScore: round(textScore),
        vectorScore: round(vectorScore),
        score: round(vectorWeight * vectorScore + textWeight * textScore),
      };
    })
    .filter((match) => match.score >= minScore)
    .sort((a, b) => b.score - a.score || a.passageId.localeCompare(b.passageId))
    .slice(0, input.limit ?? passageMatchLimit);
}

/**
 * `llm.embed` that embeds the fan's message once for both retrievals of a reply (FAQ and
 * knowledge): a call for exactly `[text]` shares one request; any other call goes through.
 */
export function embedMessageOnce(llm: Pick<LlmPort, 'embed'>, text: string): Pick<LlmPort, 'embed'> {
  let message: Promise<number[][]> | undefined;
  return {
    embed: (texts) => {
      if (texts.length !== 1 || texts[0] !== text) return llm.embed(texts);
      message ??= llm.embed(texts);
      return message;
    },
  };
}

/** At most this many passages without a vector of the reply's engine are embedded by one reply. */
export const passageEmbedBatch = 256;

/** What a passage's embedding is computed from: its heading and text. */
export function passageEmbeddingText(passage: { heading: string | null; text: string }): string {
  return passage.heading ? `${passage.heading}\n${passage.text}` : passage.text;
}

/**
 * The twin's current passages' unit vectors of `dimensions`. Passages with none of that size (demo
 * data seeded without vectors, or sources ingested under another engine) are embedded here, up to
 * `passageEmbedBatch` a reply, and stored; `complete` is false while some are left, so the entry
 * is not cached and the next reply embeds the next batch.
 */
async function loadTwin(
  db: Executor,
  llm: Pick<LlmPort, 'embed'> | null,
  talentId: string,
  fingerprint: string,
  dimensions: number,
  /** False where the database's vector index finds the closest passages: only the missing ones are embedded. */
  readVectors: boolean,
): Promise<TwinPassages & { complete: boolean }> {
  const ofTwin = eq(knowledgePassages.talentId, talentId);
  const [rows, missing] = await Promise.all([
    readVectors
      ? db
          .select({ id: knowledgePassages.id, sourceId: knowledgePassages.sourceId, embedding: knowledgePassages.embedding })
          .from(knowledgePassages)
          .innerJoin(knowledgeSources, currentPassage)
          .where(and(ofTwin, sql`cardinality(${knowledgePassages.embedding}) = ${dimensions}`))
      : ([] as Array<{ id: string; sourceId: string; embedding: number[] }>),
    db
      .select({
        id: knowledgePassages.id,
        sourceId: knowledgePassages.sourceId,
        heading: knowledgePassages.heading,
        text: knowledgePassages.text,
      })
      .from(knowledgePassages)
      .innerJoin(knowledgeSources, currentPassage)
      .where(and(ofTwin, sql`cardinality(${knowledgePassages.embedding}) <> ${dimensions}`))
      .orderBy(knowledgePassages.id)
      .limit(passageEmbedBatch + 1),
  ]);
  const batch = llm ? missing.slice(0, passageEmbedBatch) : [];
  if (llm && batch.length > 0) {
    const vectors = await llm.embed(batch.map(passageEmbeddingText));
    const fresh = batch.flatMap((row, index) => {
      const embedding = vectors[index] ?? [];
      return embedding.length === dimensions ? [{ id: row.id, sourceId: row.sourceId, embedding }] : [];
    });
    // Idempotent: concurrent replies may store the same vector twice.
    await Promise.all(
      fresh.map((row) => db.update(knowledgePassages).set({ embedding: row.embedding }).where(eq(knowledgePassages.id, row.id))),
    );
    if (readVectors) rows.push(...fresh);
  }
  const vectors = new Float32Array(rows.length * dimensions);
  for (const [index, row] of rows.entries()) vectors.set(unit(row.embedding), index * dimensions);
  return {
    fingerprint,
    dimensions,
    ids: rows.map((row) => row.id),
    sourceIds: rows.map((row) => row.sourceId),
    vectors,
    complete: !llm || missing.length <= passageEmbedBatch,
  };
}

function unit(vector: readonly number[]): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
  // A plain loop: Float32Array.from with a mapping function cost about 0.15 ms a reply.
  const scaled = new Float32Array(vector.length);
  for (let index = 0; index < vector.length; index++) scaled[index] = (vector[index] as number) * scale;
  return scaled;
}

/** The dot product of `query` and the vector at `offset`: four sums at once, about a third faster in V8 than one. */
function dotAt(vectors: Float32Array, offset: number, query: Float32Array): number {
  const dimensions = query.length;
  const whole = dimensions - (dimensions % 4);
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let column = 0; column < whole; column += 4) {
    const at = offset + column;
    a += (vectors[at] as number) * (query[column] as number);
    b += (vectors[at + 1] as number) * (query[column + 1] as number);
    c += (vectors[at + 2] as number) * (query[column + 2] as number);
    d += (vectors[at + 3] as number) * (query[column + 3] as number);
  }
  for (let column = whole; column < dimensions; column++) a += (vectors[offset + column] as number) * (query[column] as number);
  return a + b + c + d;
}

/**
 * The `limit` cached passages closest to the query, best first, with their cosine (both are unit
 * vectors: a dot product). A small sorted list keeps the best while scanning, so 10,000 passages
 * cost one pass and no sort of them all.
 */
function closest(twin: TwinPassages, query: Float32Array, limit: number): Array<[string, number]> {
  const { dimensions, vectors } = twin;
  const best: Array<[number, number]> = [];
  for (let row = 0; row < twin.ids.length; row++) {
    const dot = dotAt(vectors, row * dimensions, query);
    if (best.length === limit && dot <= (best[limit - 1] as [number, number])[1]) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as [number, number])[1] < dot) at--;
    best.splice(at, 0, [row, dot]);
    if (best.length > limit) best.pop();
  }
  return best.map(([row, score]) => [twin.ids[row] as string, score]);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
