// The knowledge.ingest job's work (docs/knowledge.md): one source revision from its stored bytes (or
// its web page) to passages the twin's replies can find. Slow work (fetching, reading, embedding)
// holds no database connection; the passages land in one short transaction that first checks the
// source is still there at the same revision, so a source deleted or re-fetched meanwhile ends
// consistently, and passages are keyed by (source, revision, position), so a retry or a second run
// never stores one twice.
import {
  type ChangeEvent,
  type Database,
  type KnowledgeSourceFormat,
  knowledgePassages,
  knowledgeSources,
  recordChanges,
  type Transaction,
} from '@doppel/db';
import { knowledgeLimits } from '@doppel/validation';
import { and, eq, ne, sql } from 'drizzle-orm';
import { passageEmbeddingText } from '../chat/reply/knowledge.ts';
import { lockKeys } from '../limits/keyed-locks.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import { type DocumentReader, type ExtractedDocument, KnowledgeSourceError, type WebPageFetcher } from '../ports/knowledge.ts';
import type { LlmPort } from '../ports/llm.ts';
import { documentCharacters, type PassageDraft, splitPassages } from './split-passages.ts';

/** What ingestion uses from outside: stored files, the document reader, the web fetcher, embeddings. */
export type IngestPorts = {
  storage: FileStorage;
  reader: DocumentReader;
  fetcher: WebPageFetcher;
  llm: LlmPort;
};

export const ingestLimits = {
  /** Reading one file (a PDF's pages, a Word document, a page's HTML) stops after this. */
  readTimeoutMs: 45_000,
  /** Fetching a web page, redirects included, stops after this. */
  fetchTimeoutMs: 20_000,
  /** What a file may unpack to (a .docx is a zip). */
  unpackedBytes: 64 * 1024 * 1024,
  /** Texts per embedding call. */
  embedBatch: 64,
  /** Passages per insert statement. */
  insertBatch: 500,
} as const;

/** The reason a source shows when ingestion failed for a reason of ours (after its last retry). */
export const genericIngestFailure = 'We could not read this source just now. Delete it and add it again, or try later.';

export type IngestOutcome =
  | { status: 'READY'; passages: number; characters: number }
  | { status: 'FAILED'; reason: string }
  /** The source was deleted, changed to a newer revision, or already finished: nothing to do. */
  | { status: 'SKIPPED' };

type SourceRow = {
  id: string;
  talentId: string;
  kind: 'FILE' | 'TEXT' | 'URL';
  format: KnowledgeSourceFormat;
  title: string;
  url: string | null;
  fileKey: string | null;
  revision: number;
  status: 'PROCESSING' | 'READY' | 'FAILED';
};

const sourceColumns = {
  id: knowledgeSources.id,
  talentId: knowledgeSources.talentId,
  kind: knowledgeSources.kind,
  format: knowledgeSources.format,
  title: knowledgeSources.title,
  url: knowledgeSources.url,
  fileKey: knowledgeSources.fileKey,
  revision: knowledgeSources.revision,
  status: knowledgeSources.status,
};

/** The creator's Knowledge page and the admin's talent page show a source's status live. */
export function knowledgeSourceChanged(source: { id: string; talentId: string }): ChangeEvent {
  return { entity: 'knowledge_sources', rowId: source.id, scopes: [`talent:${source.talentId}`, 'admin'] };
}

const binaryFormats: ReadonlySet<KnowledgeSourceFormat> = new Set(['PDF', 'DOCX']);
const formatNames: Record<KnowledgeSourceFormat, string> = {
  PDF: 'a PDF',
  DOCX: 'a Word document',
  TEXT: 'text',
  MARKDOWN: 'Markdown',
  SUBTITLES: 'subtitles',
  QA_CSV: 'a CSV of questions and answers',
  WEB_PAGE: 'a web page',
};

/**
 * How a stored file is read: the format found at upload, if its bytes still say so. A binary format
 * must match exactly (a file renamed .pdf is not read as one); text formats were told apart by the
 * file's name at upload, which the bytes alone cannot repeat.
 */
function formatToRead(source: SourceRow, bytes: Uint8Array, reader: DocumentReader): KnowledgeSourceFormat {
  const detected = reader.detectFormat(bytes, source.fileKey ?? source.title);
  if (detected === null) throw new KnowledgeSourceError('We cannot read this kind of file.');
  if (binaryFormats.has(source.format) || binaryFormats.has(detected)) {
    if (detected !== source.format) {
      throw new KnowledgeSourceError(`This file is ${formatNames[detected]}, not ${formatNames[source.format]}.`);
    }
  }
  return source.format;
}

/** A page's bytes as UTF-8 with a byte order mark when its answer named another charset (the header wins over <meta>). */
function pageBytesForReading(bytes: Uint8Array, contentType: string): Uint8Array {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (!charset || charset === 'utf-8' || charset === 'utf8') return bytes;
  let text: string;
  try {
    text = new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes;
  }
  const utf8 = new TextEncoder().encode(text);
  const withBom = new Uint8Array(utf8.length + 3);
  withBom.set([0xef, 0xbb, 0xbf]);
  withBom.set(utf8, 3);
  return withBom;
}

type Extracted = { document: ExtractedDocument; finalUrl: string | null; byteSize: number | null };

async function extract(source: SourceRow, ports: IngestPorts): Promise<Extracted> {
  const options = { timeoutMs: ingestLimits.readTimeoutMs, maxBytes: ingestLimits.unpackedBytes };
  if (source.kind === 'URL') {
    if (!source.url) throw new KnowledgeSourceError('This source has no web address.');
    const page = await ports.fetcher.fetchPage(source.url, {
      timeoutMs: ingestLimits.fetchTimeoutMs,
      maxBytes: knowledgeLimits.webPageBytes,
    });
    const format: KnowledgeSourceFormat = page.contentType.startsWith('text/plain') ? 'TEXT' : 'WEB_PAGE';
    const bytes = pageBytesForReading(page.bytes, page.contentType);
    const document = await ports.reader.read(bytes, format, { ...options, baseUrl: page.finalUrl });
    return { document, finalUrl: page.finalUrl, byteSize: page.bytes.length };
  }
  const stored = source.fileKey ? await ports.storage.read(source.fileKey) : undefined;
  if (!stored) throw new KnowledgeSourceError('The stored file of this source is missing. Delete it and add it again.');
  const bytes = new Uint8Array(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength);
  const document = await ports.reader.read(bytes, formatToRead(source, bytes, ports.reader), options);
  return { document, finalUrl: null, byteSize: null };
}

async function embedAll(llm: LlmPort, passages: PassageDraft[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < passages.length; start += ingestLimits.embedBatch) {
    const batch = passages.slice(start, start + ingestLimits.embedBatch);
    const embedded = await llm.embed(batch.map(passageEmbeddingText));
    if (embedded.length !== batch.length) throw new Error(`embed returned ${embedded.length} vectors for ${batch.length} texts`);
    vectors.push(...embedded);
  }
  return vectors;
}

/** Characters of the twin's other ready sources, what the quota has already given away. */
async function charactersInUse(db: Database | Transaction, talentId: string, sourceId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${knowledgeSources.charCount}), 0)::int` })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.talentId, talentId), eq(knowledgeSources.status, 'READY'), ne(knowledgeSources.id, sourceId)));
  return row?.used ?? 0;
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/** Refuses a source that would take the twin past its character quota, saying by how much. */
function checkQuota(characters: number, used: number): void {
  const max = knowledgeLimits.charactersPerTwin;
  if (used + characters <= max) return;
  throw new KnowledgeSourceError(
    `This source holds ${formatCount(characters)} characters; with the twin's other sources that makes ` +
      `${formatCount(used + characters)} of the ${formatCount(max)} characters a twin may know. ` +
      'Remove a source or add a shorter one.',
  );
}

/** The source row, locked, if it is still this revision and still processing. */
async function lockCurrent(tx: Transaction, sourceId: string, revision: number): Promise<SourceRow | null> {
  const [row] = await tx.select(sourceColumns).from(knowledgeSources).where(eq(knowledgeSources.id, sourceId)).for('update');
  if (!row || row.revision !== revision || row.status !== 'PROCESSING') return null;
  return row;
}

/** Marks the source revision failed with `reason` and removes its passages; nothing if it changed meanwhile. */
export async function failIngestion(
  db: Database,
  job: { sourceId: string; revision: number },
  reason: string,
): Promise<IngestOutcome> {
  return db.transaction(async (tx) => {
    const source = await lockCurrent(tx, job.sourceId, job.revision);
    if (!source) return { status: 'SKIPPED' };
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id));
    await tx
      .update(knowledgeSources)
      .set({ status: 'FAILED', failureReason: reason, passageCount: 0, charCount: 0, processedAt: new Date() })
      .where(eq(knowledgeSources.id, source.id));
    await recordChanges(tx, [knowledgeSourceChanged(source)]);
    return { status: 'FAILED', reason };
  });
}

async function store(
  db: Database,
  source: SourceRow,
  extracted: Extracted,
  passages: PassageDraft[],
  vectors: number[][],
  characters: number,
): Promise<IngestOutcome> {
  return db.transaction(async (tx) => {
    const current = await lockCurrent(tx, source.id, source.revision);
    if (!current) return { status: 'SKIPPED' };
    // Two sources of one twin finishing at once count against the quota one after the other.
    await lockKeys(tx, [`knowledge-quota:${source.talentId}`]);
    const used = await charactersInUse(tx, source.talentId, source.id);
    try {
      checkQuota(characters, used);
    } catch (error) {
      if (!(error instanceof KnowledgeSourceError)) throw error;
      await tx.delete(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id));
      await tx
        .update(knowledgeSources)
        .set({ status: 'FAILED', failureReason: error.reason, passageCount: 0, charCount: 0, processedAt: new Date() })
        .where(eq(knowledgeSources.id, source.id));
      await recordChanges(tx, [knowledgeSourceChanged(source)]);
      return { status: 'FAILED', reason: error.reason };
    }
    // Passages of an earlier revision (before a re-fetch) give way to this one's.
    await tx
      .delete(knowledgePassages)
      .where(and(eq(knowledgePassages.sourceId, source.id), ne(knowledgePassages.revision, source.revision)));
    const rows = passages.map((passage, position) => ({
      sourceId: source.id,
      talentId: source.talentId,
      revision: source.revision,
      position,
      heading: passage.heading,
      text: passage.text,
      embedding: vectors[position] ?? [],
    }));
    for (let start = 0; start < rows.length; start += ingestLimits.insertBatch) {
      await tx
        .insert(knowledgePassages)
        .values(rows.slice(start, start + ingestLimits.insertBatch))
        .onConflictDoNothing({
          target: [knowledgePassages.sourceId, knowledgePassages.revision, knowledgePassages.position],
        });
    }
    // A web page added without a title takes the page's own (the add stored its address, cut to a
    // title's length, as the title).
    const pageTitle = extracted.document.title?.replace(/\s+/g, ' ').trim().slice(0, knowledgeLimits.titleLength);
    const addressAsTitle = (source.url ?? '').slice(0, knowledgeLimits.titleLength);
    const retitle = source.kind === 'URL' && pageTitle && source.title === addressAsTitle;
    await tx
      .update(knowledgeSources)
      .set({
        status: 'READY',
        failureReason: null,
        passageCount: rows.length,
        charCount: characters,
        processedAt: new Date(),
        ...(extracted.finalUrl !== null ? { url: extracted.finalUrl } : {}),
        ...(extracted.byteSize !== null ? { byteSize: extracted.byteSize } : {}),
        ...(retitle ? { title: pageTitle } : {}),
      })
      .where(eq(knowledgeSources.id, source.id));
    await recordChanges(tx, [knowledgeSourceChanged(source)]);
    return { status: 'READY', passages: rows.length, characters };
  });
}

/**
 * Ingests one source revision: reads its bytes (the stored file, or the fetched web page), extracts
 * the text, splits and embeds the passages, and stores them with the source READY. A source that
 * cannot be read (KnowledgeSourceError) or would pass the twin's character quota ends FAILED with a
 * reason for the creator. Any other error is thrown for the job to retry; with `lastAttempt`, the
 * source is first marked FAILED with a generic reason so it does not stay Processing forever.
 */
export async function ingestSource(
  db: Database,
  ports: IngestPorts,
  job: { sourceId: string; revision: number },
  options: { lastAttempt?: boolean } = {},
): Promise<IngestOutcome> {
  const [source] = await db.select(sourceColumns).from(knowledgeSources).where(eq(knowledgeSources.id, job.sourceId));
  if (!source || source.revision !== job.revision || source.status !== 'PROCESSING') return { status: 'SKIPPED' };
  try {
    const extracted = await extract(source, ports);
    const passages = splitPassages(extracted.document);
    if (passages.length === 0) throw new KnowledgeSourceError('This source holds no text we can read.');
    const characters = documentCharacters(extracted.document);
    // Checked before embedding too, so an oversized source costs no embedding calls.
    checkQuota(characters, await charactersInUse(db, source.talentId, source.id));
    const vectors = await embedAll(ports.llm, passages);
    return await store(db, source, extracted, passages, vectors, characters);
  } catch (error) {
    if (error instanceof KnowledgeSourceError) return failIngestion(db, job, error.reason);
    if (options.lastAttempt) await failIngestion(db, job, genericIngestFailure);
    throw error;
  }
}
