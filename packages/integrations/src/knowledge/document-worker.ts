// The thread that reads PDF, Word and web page files (document-reader.ts starts one per read): a
// file that takes too long or needs too much memory stops this thread, not the worker process.
// Plain TypeScript that Node runs as is (type stripping), like the rest of the server.
import { parentPort, workerData } from 'node:worker_threads';
import type { KnowledgeSourceFormat } from '@doppel/db';
import type { ExtractedDocument } from '@doppel/domain/ports';
import { KnowledgeSourceError } from '@doppel/domain/ports';
import { readDocx } from './docx.ts';
import { decodeHtml, readWebPage } from './html-text.ts';
import { readPdf } from './pdf.ts';

/** What the thread is given. */
export type DocumentWorkerInput = { format: KnowledgeSourceFormat; bytes: Uint8Array; maxBytes: number };

/** What it answers: the document, a reason for the creator, or an internal error. */
export type DocumentWorkerOutput =
  | { ok: true; document: ExtractedDocument }
  | { ok: false; reason: string }
  | { ok: false; error: string };

async function read({ format, bytes, maxBytes }: DocumentWorkerInput): Promise<ExtractedDocument> {
  if (format === 'PDF') return readPdf(bytes);
  if (format === 'DOCX') return readDocx(bytes, maxBytes);
  if (format === 'WEB_PAGE') return readWebPage(decodeHtml(bytes));
  throw new Error(`the document thread does not read ${format}`);
}

async function answer(input: DocumentWorkerInput): Promise<DocumentWorkerOutput> {
  try {
    return { ok: true, document: await read(input) };
  } catch (error) {
    if (error instanceof KnowledgeSourceError) return { ok: false, reason: error.reason };
    return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

if (parentPort) parentPort.postMessage(await answer(workerData as DocumentWorkerInput));
