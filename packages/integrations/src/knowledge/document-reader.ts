// The DocumentReader port (packages/domain/src/ports/knowledge.ts): detects a creator's file by its
// bytes and reads its text. Text formats are read here; PDF, Word and web pages in a thread of their
// own (document-worker.ts) with a time limit and a memory cap, so a hostile file costs at most that.
import { Worker } from 'node:worker_threads';
import type { KnowledgeSourceFormat } from '@doppel/db';
import { type DocumentReader, type ExtractedDocument, KnowledgeSourceError } from '@doppel/domain/ports';
import { decodeText, detectFormat } from './detect-format.ts';
import type { DocumentWorkerInput, DocumentWorkerOutput } from './document-worker.ts';
import { readMarkdown, readPlainText, readQaCsv, readSubtitles } from './text-formats.ts';

export type DocumentReaderConfig = {
  /** Heap a reading thread may use (MB); a file that needs more is refused. Default 512. */
  memoryMb?: number;
};

const what: Record<KnowledgeSourceFormat, string> = {
  PDF: 'This PDF',
  DOCX: 'This Word document',
  WEB_PAGE: 'This web page',
  TEXT: 'This file',
  MARKDOWN: 'This file',
  SUBTITLES: 'This subtitle file',
  QA_CSV: 'This CSV file',
};

function readInThread(input: DocumentWorkerInput, timeoutMs: number, memoryMb: number): Promise<ExtractedDocument> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./document-worker.ts', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    // pdf.js warns on stdout about fonts it does without; nobody needs those lines.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new KnowledgeSourceError(`${what[input.format]} took too long to read.`))),
      timeoutMs,
    );
    worker.once('message', (output: DocumentWorkerOutput) =>
      settle(() => {
        if (output.ok) resolve(output.document);
        else if ('reason' in output) reject(new KnowledgeSourceError(output.reason));
        else reject(new Error(`reading a ${input.format} failed: ${output.error}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new KnowledgeSourceError(`${what[input.format]} needs more memory to read than we allow.`)
            : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the reading thread stopped (exit code ${code})`))));
  });
}

function readText(bytes: Uint8Array, format: KnowledgeSourceFormat): ExtractedDocument {
  const text = decodeText(bytes);
  if (text === null) throw new KnowledgeSourceError(`${what[format]} is not text we can read.`);
  if (format === 'MARKDOWN') return readMarkdown(text);
  if (format === 'SUBTITLES') return readSubtitles(text);
  if (format === 'QA_CSV') return readQaCsv(text);
  return readPlainText(text);
}

const hasText = (document: ExtractedDocument) =>
  document.sections.some((section) => section.text.trim() !== '' || (section.heading ?? '').trim() !== '');

export function createDocumentReader(config: DocumentReaderConfig = {}): DocumentReader {
  const memoryMb = config.memoryMb ?? 512;
  return {
    detectFormat,
    read: async (bytes, format, options) => {
      if (bytes.length > options.maxBytes) throw new KnowledgeSourceError(`${what[format]} is larger than we can read.`);
      const document =
        format === 'PDF' || format === 'DOCX' || format === 'WEB_PAGE'
          ? await readInThread({ format, bytes, maxBytes: options.maxBytes }, options.timeoutMs, memoryMb)
          : readText(bytes, format);
      if (!hasText(document)) {
        throw new KnowledgeSourceError(
          format === 'PDF'
            ? 'This PDF holds no text we can read. If it is scanned pages, upload a version with text.'
            : `${what[format]} holds no text we can read.`,
        );
      }
      return document;
    },
  };
}
