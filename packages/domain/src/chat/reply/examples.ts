// The creator's corrections as examples for a reply: the twin's talent_corrections whose fan message
// is most like the fan's new message, by cosine similarity, go into the prompt. A correction thus
// counts on the very next similar message, on any model, without waiting for a fine-tuning run.
//
// Embeddings are computed here, lazily, not when a correction is saved: saving a correction never
// waits on (or fails with) the embedding engine, and the next reply of the twin embeds every
// correction still without a vector (or with a vector of another engine's length) before ranking,
// then stores it, so later replies only embed the fan's message.
import { type Executor, talentCorrections } from '@doppel/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LlmPort } from '../../ports/llm.ts';
import type { CorrectionExample } from './example-section.ts';
import { cosineSimilarity, QuestionVectors } from './faq.ts';
import type { TwinMaterialCache } from './twin-material-cache.ts';

/**
 * Minimum cosine score for a correction to enter the prompt as an example. Higher than the FAQ's:
 * an example tells the model how to answer, so a loosely related one would mislead it. With the
 * offline hashing embeddings a reworded question scores 0.5 to 1 and a question of the same shape
 * about something else ("your favourite pizza" / "your favourite movie") about 0.35.
 */
export const defaultExampleMinScore = 0.5;

/** At most this many examples go into one prompt, most similar first. */
export const exampleMatchLimit = 3;

/** Only the twin's newest corrections are compared, so a reply's cost stays bounded. */
export const exampleCandidateLimit = 500;

export type EmbeddedCorrection = {
  id: string;
  fanText: string;
  answerText: string;
  updatedAt: Date;
  embedding: readonly number[];
};

/** Corrections scoring at least `minScore`, most similar first, the newest first on equal scores, at most `limit`. */
export function rankCorrectionExamples(
  query: readonly number[],
  corrections: EmbeddedCorrection[],
  minScore: number,
  limit = exampleMatchLimit,
): CorrectionExample[] {
  return corrections
    .map((correction) => ({ correction, score: cosineSimilarity(query, correction.embedding) }))
    .filter((match) => match.score >= minScore)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.correction.updatedAt.getTime() - a.correction.updatedAt.getTime() ||
        (a.correction.id < b.correction.id ? 1 : -1),
    )
    .slice(0, limit)
    .map(({ correction, score }) => ({
      correctionId: correction.id,
      fanText: correction.fanText,
      answerText: correction.answerText,
      score,
    }));
}

export type MatchCorrectionExamplesInput = {
  /** Only this twin's corrections: another twin's are never used. */
  talentId: string;
  /** The fan's message being answered. */
  text: string;
  minScore?: number;
};

type ListedCorrection = Omit<EmbeddedCorrection, 'embedding'> & { storedDimensions: number | null };

/** The twin's newest corrections (at most `exampleCandidateLimit`), with the size of each stored vector. */
function listCorrections(db: Executor, talentId: string): Promise<ListedCorrection[]> {
  return db
    .select({
      id: talentCorrections.id,
      fanText: talentCorrections.fanText,
      answerText: talentCorrections.answerText,
      updatedAt: talentCorrections.updatedAt,
      storedDimensions: sql<number | null>`cardinality(${talentCorrections.embedding})`,
    })
    .from(talentCorrections)
    .where(eq(talentCorrections.talentId, talentId))
    .orderBy(desc(talentCorrections.updatedAt), desc(talentCorrections.id))
    .limit(exampleCandidateLimit);
}

/**
 * The twin's corrections that fit the fan's message. A correction's vector comes from `known`
 * (the worker's memo of text vectors), else from talent_corrections.embedding, else from the engine,
 * which is then stored. The message is embedded only when the twin has corrections. Writes are
 * idempotent and guarded by the fan text they embed, so concurrent replies may race.
 */
export async function matchCorrectionExamples(
  db: Executor,
  llm: Pick<LlmPort, 'embed'>,
  input: MatchCorrectionExamplesInput,
  known: QuestionVectors = new QuestionVectors(),
  /** The worker's short-lived memo of the list (twin-material-cache.ts); without it the list is read. */
  lists?: TwinMaterialCache,
): Promise<CorrectionExample[]> {
  const text = input.text.trim();
  if (text === '') return [];
  const corrections = lists
    ? await lists.read(`corrections:${input.talentId}`, () => listCorrections(db, input.talentId))
    : await listCorrections(db, input.talentId);
  if (corrections.length === 0) return [];

  const [query] = await llm.embed([text]);
  if (!query || query.length === 0) return [];
  const dimensions = query.length;
  const unknown = () => corrections.filter((correction) => !known.get(dimensions, correction.fanText));

  const stored = unknown().filter((correction) => correction.storedDimensions === dimensions);
  if (stored.length > 0) {
    const rows = await db
      .select({ fanText: talentCorrections.fanText, embedding: talentCorrections.embedding })
      .from(talentCorrections)
      .where(
        inArray(
          talentCorrections.id,
          stored.map((correction) => correction.id),
        ),
      );
    for (const row of rows) if (row.embedding?.length === dimensions) known.set(row.fanText, row.embedding);
  }

  // Never embedded (new or changed since), or embedded by an engine of another length: embed now.
  const stale = unknown();
  if (stale.length > 0) {
    const texts = [...new Set(stale.map((correction) => correction.fanText))];
    const vectors = await llm.embed(texts);
    texts.forEach((fanText, index) => {
      const vector = vectors[index];
      if (vector?.length === dimensions) known.set(fanText, vector);
    });
    await Promise.all(
      stale.map((correction) => {
        const embedding = known.get(dimensions, correction.fanText);
        if (!embedding) return undefined;
        // Only if the fan text is still the one embedded: a correction changed meanwhile keeps its null.
        return db
          .update(talentCorrections)
          .set({ embedding: [...embedding] })
          .where(and(eq(talentCorrections.id, correction.id), eq(talentCorrections.fanText, correction.fanText)));
      }),
    );
  }

  const embedded = corrections.map((correction) => ({
    ...correction,
    embedding: known.get(dimensions, correction.fanText) ?? [],
  }));
  return rankCorrectionExamples(query, embedded, input.minScore ?? defaultExampleMinScore);
}
