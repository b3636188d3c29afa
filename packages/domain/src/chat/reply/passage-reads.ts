// The two reads of knowledge retrieval that every reply of a twin with knowledge makes, built once
// per process (send/built-once.ts) with the twin, the fan's text and the candidates as parameters.
// Drizzle built the candidates' read in about 0.5 ms on every reply when it listed each candidate
// id as a parameter of its own (up to 100); one array parameter also makes it one statement text,
// which each connection prepares once, instead of one per number of candidates.
import { knowledgePassages, knowledgeSources } from '@doppel/db';
import { and, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../send/built-once.ts';
import { currentPassage } from './current-passage.ts';

/** How many full-text hits are scored per reply: more never change the best few. */
export const textCandidateLimit = 50;

const talentId = sql.placeholder('talentId');
const text = sql.placeholder('text');

/**
 * Passages holding every word of the message, found by the GIN index on (talent_id, search_vector).
 * At most `textCandidateLimit` of them, unordered: ranking every passage that holds a common word
 * costs hundreds of milliseconds on a large twin, and when that many hold all the words the words say little.
 */
export const fullTextHits = builtOnce<{ talentId: string; text: string }, { id: string }>('reply_passage_hits', (db) =>
  db
    .select({ id: knowledgePassages.id })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, currentPassage)
    .where(
      and(
        eq(knowledgePassages.talentId, talentId),
        sql`${knowledgePassages.searchVector} @@ plainto_tsquery('english', ${text})`,
      ),
    )
    .limit(textCandidateLimit),
);

export type PassageCandidate = {
  id: string;
  sourceId: string;
  sourceTitle: string;
  heading: string | null;
  text: string;
  rank: number;
};

/**
 * The candidates `ids` of the twin's current passages, with their text and full-text rank: scored
 * by any of the message's words (ts_rank_cd), so a passage holding most of them still ranks.
 */
export const passageCandidates = builtOnce<{ talentId: string; text: string; ids: string[] }, PassageCandidate>(
  'reply_passage_candidates',
  (db) =>
    db
      .select({
        id: knowledgePassages.id,
        sourceId: knowledgePassages.sourceId,
        sourceTitle: knowledgeSources.title,
        heading: knowledgePassages.heading,
        text: knowledgePassages.text,
        rank: sql<number>`ts_rank_cd(${knowledgePassages.searchVector}, to_tsquery('english', replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')))`,
      })
      .from(knowledgePassages)
      .innerJoin(knowledgeSources, currentPassage)
      .where(and(eq(knowledgePassages.talentId, talentId), sql`${knowledgePassages.id} = any(${sql.placeholder('ids')})`)),
);
