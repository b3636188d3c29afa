// Benchmark: ingesting a large source offline, as the worker's knowledge.ingest job does.
//
// Two sources go through the real `ingestSource` use case (the real document reader with its PDF
// and HTML parsers, the passage splitter, the offline hashed embedding, the passages stored in one
// transaction): a 300-page PDF made with pdf-lib (about 390 words a page) kept in an in-process file
// store, and a 2 MB web page (headings and paragraphs) handed over by an in-process fetcher, so
// nothing leaves the machine. Each is timed from the job's start to the source being READY.
// Target: each under 60 s.
import { type Database, knowledgeSources, newId, talents } from '@doppel/db';
import { ingestSource } from '@doppel/domain/knowledge';
import type { FileStorage, StoredFile, WebPageFetcher } from '@doppel/domain/ports';
import { createDocumentReader, createOfflineLlm } from '@doppel/integrations';
import { makePdf } from '@doppel/integrations/testing';

export const ingestionTargetMs = 60_000;
const pdfPages = 300;
const linesPerPage = 45;
const webPageBytes = 2 * 1024 * 1024;

const vocabulary = (
  'we took the early ferry to the island and walked the coast path past small harbours where fishermen ' +
  'mended nets while the bakery opened and the smell of bread drifted over the square later the rain ' +
  'came in from the sea so we waited in a cafe and planned the next day of hiking to the waterfall'
).split(' ');

/** Deterministic words, so every run reads the same documents. */
function wordsFrom(seed: number, count: number): string {
  let state = seed >>> 0;
  const out: string[] = [];
  for (let index = 0; index < count; index++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    out.push(vocabulary[state % vocabulary.length] as string);
  }
  return out.join(' ');
}

/** A 300-page PDF: a chapter heading every ten pages, lines of about nine words. */
async function bigPdf(): Promise<Uint8Array> {
  const pages = Array.from({ length: pdfPages }, (_, page) =>
    Array.from({ length: linesPerPage }, (_, line) =>
      line === 0 && page % 10 === 0 ? `Chapter ${page / 10 + 1}` : wordsFrom(page * 100 + line, 9),
    ),
  );
  return makePdf(pages, 'A long travel diary');
}

/**
 * A web page of about 2 MB: an article of sections, each a heading, a few paragraphs and share links,
 * with the markup a blog's page carries (about 1.4 million characters of text, inside a twin's quota).
 */
function bigWebPage(): string {
  const head = '<!doctype html><html><head><meta charset="utf-8"><title>Island notes</title></head><body><main><article>';
  const tail = '</article></main></body></html>';
  const parts: string[] = [head];
  let size = head.length + tail.length;
  for (let section = 0; size < webPageBytes; section++) {
    const part =
      `<section class="post-section" id="day-${section + 1}"><h2 class="post-heading">Day ${section + 1} on the island</h2>` +
      Array.from(
        { length: 4 },
        (_, paragraph) =>
          `<div class="paragraph-wrapper" data-analytics-id="s${section}-p${paragraph}"><p class="body-text" style="margin:0 0 1em">` +
          `${wordsFrom(section * 10 + paragraph, 60)}.</p></div>`,
      ).join('') +
      '<aside class="share"><a href="/share?network=mail">Share by mail</a> <a href="/subscribe">Subscribe</a></aside></section>';
    parts.push(part);
    size += part.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** Files kept in this process: the bench's stand-in for the file store. */
function memoryStorage(): FileStorage {
  const files = new Map<string, StoredFile>();
  return {
    put: async (path, bytes, contentType) => {
      files.set(path, { bytes: Buffer.from(bytes), contentType });
    },
    read: async (path) => files.get(path),
    exists: async (path) => files.has(path),
    remove: async (path) => {
      files.delete(path);
    },
  };
}

export type IngestionFigure = { name: string; bytes: number; passages: number; characters: number; ms: number };

/** Ingests the two sources, each for its own twin (a twin's character quota holds one of them). */
export async function benchKnowledgeIngestion(db: Database): Promise<IngestionFigure[]> {
  const storage = memoryStorage();
  const pdf = await bigPdf();
  const html = new TextEncoder().encode(bigWebPage());
  const pageUrl = 'https://bench.example/island-notes';
  const fetcher: WebPageFetcher = {
    fetchPage: async (url) => ({ finalUrl: url, contentType: 'text/html; charset=utf-8', bytes: html }),
  };
  const ports = { storage, reader: createDocumentReader(), fetcher, llm: createOfflineLlm() };
  const figures: IngestionFigure[] = [];
  const cases = [
    { name: `${pdfPages}-page PDF`, kind: 'FILE' as const, format: 'PDF' as const, bytes: pdf },
    {
      name: `${(html.length / 1024 / 1024).toFixed(1)} MB web page`,
      kind: 'URL' as const,
      format: 'WEB_PAGE' as const,
      bytes: html,
    },
  ];
  for (const [index, item] of cases.entries()) {
    const talentId = `kbi${index}`;
    await db.insert(talents).values({ id: talentId, name: `Ingesting twin ${index}`, tag: talentId });
    const sourceId = newId();
    const fileKey = item.kind === 'FILE' ? `talents/${talentId}/knowledge/${sourceId}.pdf` : null;
    if (fileKey) await storage.put(fileKey, item.bytes, 'application/pdf');
    await db.insert(knowledgeSources).values({
      id: sourceId,
      talentId,
      kind: item.kind,
      format: item.format,
      title: item.name,
      url: item.kind === 'URL' ? pageUrl : null,
      fileKey,
      byteSize: item.bytes.length,
    });
    const started = performance.now();
    const outcome = await ingestSource(db, ports, { sourceId, revision: 1 }, { lastAttempt: true });
    const ms = performance.now() - started;
    if (outcome.status !== 'READY') throw new Error(`${item.name} ended ${JSON.stringify(outcome)}`);
    figures.push({ name: item.name, bytes: item.bytes.length, passages: outcome.passages, characters: outcome.characters, ms });
  }
  return figures;
}
