// The join of a passage to its source that keeps only what a twin knows now: passages of a ready
// source's current revision (older revisions' rows are never read). Every read of knowledge uses it.
import { knowledgePassages, knowledgeSources } from '@doppel/db';
import { and, eq } from 'drizzle-orm';

export const currentPassage = and(
  eq(knowledgeSources.id, knowledgePassages.sourceId),
  eq(knowledgeSources.revision, knowledgePassages.revision),
  eq(knowledgeSources.status, 'READY'),
);
