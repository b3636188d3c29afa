// How a knowledge source reads outside the domain, its change events, and the messages a creator sees.
import { type Executor, type knowledgeSources, recordChanges } from '@doppel/db';
import { type KnowledgeSourceView, knowledgeLimits } from '@doppel/validation';
import { knowledgeSourceChanged } from './ingest-source.ts';

export const knowledgeSourceMessages = {
  notFound: 'This source does not exist.',
  notStoredFile: 'Upload the file again: it was not found among your uploads.',
  fileAlreadyAdded: 'This file is already one of your sources.',
  notAWebPage: 'Only web page sources can be fetched again.',
  stillProcessing: 'This source is still being read. Try again when it is done.',
  notKnowledgeFile: 'This file is not a PDF, Word document (.docx), text, Markdown, subtitle (.srt, .vtt) or CSV file.',
  /** The sources quota, with its numbers. */
  tooManySources: (used: number) =>
    `Your twin has ${used} of ${knowledgeLimits.sourcesPerTwin} sources, the most it can have. Delete a source to add another.`,
} as const;

type SourceRow = typeof knowledgeSources.$inferSelect;

/** A source as its creator and the admin see it (never its stored file's key). */
export function knowledgeSourceView(row: SourceRow): KnowledgeSourceView {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    title: row.title,
    url: row.url,
    byteSize: row.byteSize,
    charCount: row.charCount,
    status: row.status,
    failureReason: row.failureReason,
    passageCount: row.passageCount,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  };
}

/**
 * Announces a change of a twin's source to live readers: its managers' Knowledge page
 * (`talent:{id}`) and the admin's Talent page. The ingestion job calls it too when a source
 * becomes ready or fails.
 */
export function recordKnowledgeSourceChange(tx: Executor, talentId: string, sourceId: string): Promise<void> {
  return recordChanges(tx, [knowledgeSourceChanged({ id: sourceId, talentId })]);
}
