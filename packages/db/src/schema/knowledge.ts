import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import type { KnowledgeSourceFormat, KnowledgeSourceKind, KnowledgeSourceStatus } from './json-types.ts';
import { talents } from './talents.ts';

/** Postgres full-text vector; written by the database (a generated column), never by us. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a twin knows beyond its form: a file, a pasted text or a web page its creator added
 * (docs/knowledge.md). The worker's `knowledge.ingest` job extracts its text and splits it into
 * passages. `revision` grows with every change that re-ingests it (a re-fetch, a new upload), so a
 * job that finishes for an older revision changes nothing.
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    kind: text().$type<KnowledgeSourceKind>().notNull(),
    /** What the content was found to be by its bytes (not its name): how it is read. */
    format: text().$type<KnowledgeSourceFormat>().notNull(),
    title: text().notNull(),
    /** The web page's address (kind URL); the final address after redirects once fetched. */
    url: text(),
    /** The stored upload or pasted text (file storage key); null for a web page until fetched. */
    fileKey: text(),
    byteSize: integer().notNull().default(0),
    /** Characters of extracted text, counted against the twin's quota once ready. */
    charCount: integer().notNull().default(0),
    status: text().$type<KnowledgeSourceStatus>().notNull().default('PROCESSING'),
    /** Why it failed, in words a creator understands. */
    failureReason: text(),
    passageCount: integer().notNull().default(0),
    revision: integer().notNull().default(1),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('knowledge_sources_talent_created_idx').on(t.talentId, t.createdAt),
    check('knowledge_sources_kind_check', sql`${t.kind} in ('FILE', 'TEXT', 'URL')`),
    check('knowledge_sources_status_check', sql`${t.status} in ('PROCESSING', 'READY', 'FAILED')`),
    check(
      'knowledge_sources_format_check',
      sql`${t.format} in ('PDF', 'DOCX', 'TEXT', 'MARKDOWN', 'SUBTITLES', 'QA_CSV', 'WEB_PAGE')`,
    ),
  ],
);

/**
 * A passage of a source: a few paragraphs under their heading, what retrieval finds and the prompt
 * quotes. `talentId` is the source's, kept here so a twin's passages are found without a join.
 * Unique per source revision and position: a retried or crashed ingestion never stores one twice.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: idColumn(),
    sourceId: text()
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    revision: integer().notNull(),
    position: integer().notNull(),
    heading: text(),
    text: text().notNull(),
    /** The passage's embedding (heading and text), from the same engine as the fan's message. */
    embedding: real().array().notNull(),
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', coalesce(heading, '') || ' ' || text)`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('knowledge_passages_source_revision_position_unique').on(t.sourceId, t.revision, t.position),
    // The twin's id and its words in one GIN index (btree_gin, migration 0024): a common word is
    // matched within one twin's passages, not across every twin's and filtered afterwards. It is
    // also the only index on talent_id, on purpose: beside a btree one, a prepared statement's
    // generic plan (which guesses an average twin's few hundred passages) walked the twin's rows
    // through the btree and tested each one's words, 80 ms on a twin with 10,000 passages.
    index('knowledge_passages_talent_search_idx').using('gin', t.talentId, t.searchVector),
  ],
);
