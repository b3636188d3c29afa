// What a creator's file is, decided by its bytes (docs/knowledge.md): a PDF by its header, a Word
// document by the zip part only Word writes, a web page by its markup, and UTF-8 text by whether it
// decodes; the name only tells text formats apart (Markdown, subtitles, a CSV of questions).
import type { KnowledgeSourceFormat } from '@doppel/db';
import { unzipSync } from 'fflate';

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const zipMagic = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4

function startsWithAt(bytes: Uint8Array, expected: readonly number[], offset: number): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, index) => bytes[offset + index] === value);
}

/** A PDF's header may follow a little junk (readers accept it within the first kilobyte). */
function isPdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - pdfMagic.length, 1024);
  for (let offset = 0; offset <= end; offset++) if (startsWithAt(bytes, pdfMagic, offset)) return true;
  return false;
}

/** The entries a zip declares in its central directory (nothing is unpacked), or null if it is not one. */
export function zipEntries(bytes: Uint8Array): Array<{ name: string; originalSize: number; size: number }> | null {
  if (!startsWithAt(bytes, zipMagic, 0)) return null;
  const entries: Array<{ name: string; originalSize: number; size: number }> = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, originalSize: file.originalSize, size: file.size });
        return false;
      },
    });
  } catch {
    return null;
  }
  return entries;
}

/** The text of UTF-8 (or UTF-16 with its byte order mark) bytes, or null when they are not text. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (startsWithAt(bytes, [0xff, 0xfe], 0)) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    else if (startsWithAt(bytes, [0xfe, 0xff], 0)) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    else text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Binary that happens to decode: NUL bytes, or many control characters besides line breaks and tabs.
  if (text.includes('\u0000')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: counting them is the point
  const controls = text.match(/[\u0001-\u0008\u000B\u000E-\u001F\u007F]/g)?.length ?? 0;
  if (controls > 0 && controls > text.length / 100) return null;
  return text;
}

const cueTiming = /^\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{3}\s+-->\s+(?:\d+:)?\d{1,2}:\d{2}[.,]\d{3}/m;

/** Subtitles: a WebVTT header, or at least two cue timings ("00:00:01,000 --> 00:00:02,500"). */
export function looksLikeSubtitles(text: string): boolean {
  if (/^\uFEFF?WEBVTT(?:[ \t]|$)/m.test(text.slice(0, 20))) return true;
  const timings = text.slice(0, 20_000).match(new RegExp(cueTiming.source, 'gm'));
  return (timings?.length ?? 0) >= 2;
}

const questionHeader = /^(question|questions|q)$/i;
const answerHeader = /^(answer|answers|a)$/i;

/** The header names of a CSV's first line, split on its delimiter (comma, semicolon or tab). */
export function csvHeader(text: string): { delimiter: string; names: string[] } {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const names = firstLine.split(delimiter).map((name) =>
    name
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
  return { delimiter, names };
}

/** A CSV whose header names a question column and an answer column. */
export function looksLikeQaCsv(text: string): boolean {
  const { names } = csvHeader(text);
  return names.some((name) => questionHeader.test(name)) && names.some((name) => answerHeader.test(name));
}

export function isQuestionHeader(name: string): boolean {
  return questionHeader.test(name);
}

export function isAnswerHeader(name: string): boolean {
  return answerHeader.test(name);
}

function looksLikeHtml(text: string): boolean {
  const start = text
    .slice(0, 2048)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html') || /<head[\s>]|<body[\s>]/.test(start);
}

/**
 * The format of a creator's file, by content: PDF, Word (a zip holding word/document.xml), a web
 * page, or UTF-8 text (Markdown, subtitles and a CSV of questions and answers told apart by name or
 * shape). Null for anything else: images, other zips, binary.
 */
export function detectFormat(bytes: Uint8Array, fileName: string): KnowledgeSourceFormat | null {
  if (isPdf(bytes)) return 'PDF';
  const entries = zipEntries(bytes);
  if (entries) return entries.some((entry) => entry.name === 'word/document.xml') ? 'DOCX' : null;
  const text = decodeText(bytes);
  if (text === null) return null;
  const name = fileName.toLowerCase();
  if (/\.(md|markdown)$/.test(name)) return 'MARKDOWN';
  // Subtitles by their content; by name, at least one cue (without one they would read as garbage).
  if (/\.(srt|vtt)$/.test(name)) return new RegExp(cueTiming.source, 'm').test(text) ? 'SUBTITLES' : null;
  if (looksLikeSubtitles(text)) return 'SUBTITLES';
  if (/\.(html?|xhtml)$/.test(name) || looksLikeHtml(text)) return 'WEB_PAGE';
  if (looksLikeQaCsv(text) && (name.endsWith('.csv') || text.includes('\n'))) return 'QA_CSV';
  return 'TEXT';
}
