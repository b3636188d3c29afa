// Adding a knowledge source (docs/knowledge.md#sources): an uploaded file, a pasted text or a web
// page address becomes a PROCESSING source, and its `knowledge.ingest` job is enqueued in the same
// transaction, so a source never waits without a job and a refused one leaves nothing behind.
import { type Executor, type KnowledgeSourceFormat, knowledgeSources, newId, type Transaction, talents } from '@doppel/db';
import type { KnowledgeAddFileInput, KnowledgeAddTextInput, KnowledgeAddUrlInput, KnowledgeSourceView } from '@doppel/validation';
import { knowledgeLimits } from '@doppel/validation';
import { and, count, eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import { contentTypeOfPath, isSafeStoragePath } from '../ports/file-storage.ts';
import { knowledgeFormatOfPath, pastedTextFormat } from './sources-format.ts';
import { knowledgeSourceMessages, knowledgeSourceView, recordKnowledgeSourceChange } from './sources-view.ts';

/** The ingestion job of one revision of a source. */
export type KnowledgeIngestJob = { sourceId: string; revision: number };

export type KnowledgeSourceDeps = {
  storage: FileStorage;
  /** Enqueues `knowledge.ingest` inside the transaction that made the source (or its new revision). */
  enqueueIngest: (tx: Transaction, job: KnowledgeIngestJob) => Promise<void>;
};

/** The folder `files.upload` (purpose 'knowledge') and pasted texts store a twin's knowledge files in. */
export const knowledgeFolder = (talentId: string) => `talents/${talentId}/knowledge/`;

/**
 * Locks the twin's row, so concurrent additions count one after another, and refuses a source
 * beyond the twin's quota with the numbers.
 */
async function assertRoomForSource(tx: Transaction, talentId: string): Promise<void> {
  const [talent] = await tx.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId)).for('update');
  if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.');
  const [row] = await tx.select({ used: count() }).from(knowledgeSources).where(eq(knowledgeSources.talentId, talentId));
  const used = row?.used ?? 0;
  if (used >= knowledgeLimits.sourcesPerTwin) {
    const message = knowledgeSourceMessages.tooManySources(used);
    throw new DomainError('INVALID', message, { sources: [message] });
  }
}

type NewSource = {
  kind: 'FILE' | 'TEXT' | 'URL';
  format: KnowledgeSourceFormat;
  title: string;
  url?: string | null;
  fileKey?: string | null;
  byteSize?: number;
};

async function insertSource(
  tx: Transaction,
  deps: KnowledgeSourceDeps,
  talentId: string,
  source: NewSource,
): Promise<KnowledgeSourceView> {
  const [row] = await tx
    .insert(knowledgeSources)
    .values({ id: newId(), talentId, status: 'PROCESSING', revision: 1, ...source })
    .returning();
  if (!row) throw new Error('knowledge source insert returned no row');
  await deps.enqueueIngest(tx, { sourceId: row.id, revision: row.revision });
  await recordKnowledgeSourceChange(tx, talentId, row.id);
  return knowledgeSourceView(row);
}

/** A file name without its extension, as a title. */
function titleFromFileName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,10}$/, '').trim();
  return (base || name).slice(0, knowledgeLimits.titleLength);
}

/**
 * A file the creator uploaded through `files.upload` (purpose 'knowledge') becomes a source. The
 * path must be one the server stored in this twin's knowledge folder; its format comes from the
 * extension the upload gave it after reading the bytes, its size from the stored file.
 */
export async function addFileSource(
  tx: Transaction,
  deps: KnowledgeSourceDeps,
  input: KnowledgeAddFileInput,
): Promise<KnowledgeSourceView> {
  const path = input.filePath;
  const notStored = () =>
    new DomainError('INVALID', knowledgeSourceMessages.notStoredFile, { filePath: [knowledgeSourceMessages.notStoredFile] });
  const format = knowledgeFormatOfPath(path);
  if (!path.startsWith(knowledgeFolder(input.talentId)) || !isSafeStoragePath(path) || !format || !contentTypeOfPath(path))
    throw notStored();
  await assertRoomForSource(tx, input.talentId);
  const [existing] = await tx
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.talentId, input.talentId), eq(knowledgeSources.fileKey, path)))
    .limit(1);
  if (existing) throw new DomainError('CONFLICT', knowledgeSourceMessages.fileAlreadyAdded);
  const stored = await deps.storage.read(path);
  if (!stored) throw notStored();
  return insertSource(tx, deps, input.talentId, {
    kind: 'FILE',
    format,
    title: input.title ?? titleFromFileName(input.originalFileName),
    fileKey: path,
    byteSize: stored.bytes.length,
  });
}

/**
 * Pasted text becomes a source: stored as a file of its own (Markdown when it has Markdown
 * headings, else plain text), read by the same job as an upload.
 */
export async function addTextSource(
  tx: Transaction,
  deps: KnowledgeSourceDeps,
  input: KnowledgeAddTextInput,
): Promise<KnowledgeSourceView> {
  await assertRoomForSource(tx, input.talentId);
  const format = pastedTextFormat(input.text);
  const fileKey = `${knowledgeFolder(input.talentId)}${newId()}.${format === 'MARKDOWN' ? 'md' : 'txt'}`;
  const bytes = new TextEncoder().encode(input.text);
  const contentType = contentTypeOfPath(fileKey);
  if (!contentType) throw new Error(`no content type for ${fileKey}`);
  // Stored before the row commits: a rolled-back addition leaves an unreferenced file, never a
  // source without its text.
  await deps.storage.put(fileKey, bytes, contentType);
  return insertSource(tx, deps, input.talentId, { kind: 'TEXT', format, title: input.title, fileKey, byteSize: bytes.length });
}

/**
 * A web page address becomes a source; the worker fetches it (through the guard that refuses our
 * own network). Without a title the address stands as one until the page's own title is read.
 */
export async function addUrlSource(
  tx: Transaction,
  deps: KnowledgeSourceDeps,
  input: KnowledgeAddUrlInput,
): Promise<KnowledgeSourceView> {
  await assertRoomForSource(tx, input.talentId);
  return insertSource(tx, deps, input.talentId, {
    kind: 'URL',
    format: 'WEB_PAGE',
    title: input.title ?? input.url.slice(0, knowledgeLimits.titleLength),
    url: input.url,
  });
}

/** One source of a twin, or NOT_FOUND (also for another twin's source). */
export async function loadSource(db: Executor, talentId: string, sourceId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.talentId, talentId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new DomainError('NOT_FOUND', knowledgeSourceMessages.notFound);
  return row;
}
