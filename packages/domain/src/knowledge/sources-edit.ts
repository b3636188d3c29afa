// Changing a knowledge source (docs/knowledge.md#sources): rename, delete, fetch a web page again.
import { knowledgeSources, type Transaction } from '@doppel/db';
import type { KnowledgeRenameInput, KnowledgeSourceInput, KnowledgeSourceView } from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { type KnowledgeSourceDeps, loadSource } from './sources-add.ts';
import { knowledgeSourceMessages, knowledgeSourceView, recordKnowledgeSourceChange } from './sources-view.ts';

/** A new title; nothing is read again. */
export async function renameSource(tx: Transaction, input: KnowledgeRenameInput): Promise<KnowledgeSourceView> {
  const [row] = await tx
    .update(knowledgeSources)
    .set({ title: input.title })
    .where(and(eq(knowledgeSources.id, input.sourceId), eq(knowledgeSources.talentId, input.talentId)))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND', knowledgeSourceMessages.notFound);
  await recordKnowledgeSourceChange(tx, input.talentId, row.id);
  return knowledgeSourceView(row);
}

/**
 * Deletes a source; its passages go with it (foreign key cascade), so the twin stops using them at
 * once. An ingestion still running finds no row and stores nothing. Answers the stored file's key,
 * which the caller removes after the commit.
 */
export async function deleteSource(tx: Transaction, input: KnowledgeSourceInput): Promise<{ fileKey: string | null }> {
  const [row] = await tx
    .delete(knowledgeSources)
    .where(and(eq(knowledgeSources.id, input.sourceId), eq(knowledgeSources.talentId, input.talentId)))
    .returning({ id: knowledgeSources.id, fileKey: knowledgeSources.fileKey });
  if (!row) throw new DomainError('NOT_FOUND', knowledgeSourceMessages.notFound);
  await recordKnowledgeSourceChange(tx, input.talentId, row.id);
  return { fileKey: row.fileKey };
}

/**
 * Fetches a web page source again: a new revision, PROCESSING, and its job. The passages of the
 * previous revision serve until the new ones replace them. Refused while the page is being read.
 */
export async function refetchSource(
  tx: Transaction,
  deps: Pick<KnowledgeSourceDeps, 'enqueueIngest'>,
  input: KnowledgeSourceInput,
): Promise<KnowledgeSourceView> {
  const current = await loadSource(tx, input.talentId, input.sourceId, { lock: true });
  if (current.kind !== 'URL') throw new DomainError('INVALID', knowledgeSourceMessages.notAWebPage);
  if (current.status === 'PROCESSING') throw new DomainError('CONFLICT', knowledgeSourceMessages.stillProcessing);
  const [row] = await tx
    .update(knowledgeSources)
    .set({ status: 'PROCESSING', failureReason: null, revision: sql`${knowledgeSources.revision} + 1` })
    .where(eq(knowledgeSources.id, current.id))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND', knowledgeSourceMessages.notFound);
  await deps.enqueueIngest(tx, { sourceId: row.id, revision: row.revision });
  await recordKnowledgeSourceChange(tx, input.talentId, row.id);
  return knowledgeSourceView(row);
}
