// What an uploaded knowledge file is, decided by its bytes (docs/knowledge.md#sources). A PDF and a
// Word document are recognised by their signatures; anything else must be UTF-8 text, and only
// then does the name choose between plain text, Markdown, subtitles and a CSV. A name that claims
// a PDF or a Word document over other bytes is refused, as is any other binary file.
import type { KnowledgeSourceFormat } from '@doppel/db';

/** The extensions knowledge files are stored under, and the format each stands for. */
export const knowledgeFileExtensions = {
  pdf: 'PDF',
  docx: 'DOCX',
  txt: 'TEXT',
  md: 'MARKDOWN',
  srt: 'SUBTITLES',
  vtt: 'SUBTITLES',
  csv: 'QA_CSV',
} as const satisfies Record<string, KnowledgeSourceFormat>;
export type KnowledgeFileExtension = keyof typeof knowledgeFileExtensions;

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, index) => bytes[offset + index] === value);
}

function _contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  outer: for (
    let at = bytes.indexOf(first as number);
    at >= 0 && at <= bytes.length - needle.length;
    at = bytes.indexOf(first as number, at + 1)
  ) {
    for (let index = 1; index < needle.length; index++) if (bytes[at + index] !== needle[index]) continue outer;
    return true;
  }
  return false;
}

const _pdfSignature = ascii('%PDF-');
const _zipSignature = [0x50, 0x4b, 0x03, 0x04];
// A Word document is a zip whose entry names (stored uncompressed) include its main part.
const _wordPart = ascii('word/document.xml');
const utf8Bom = [0xef, 0xbb, 0xbf];

/** The text of the bytes when they are UTF-8 without NUL characters, else null. */
function _asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const extensionOf = (fileName: string): string => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
const _srtTiming = /^\d{1,2}:\d{2}:\d{2}[,.]\d{3}\s+-->\s+\d{1,2}:\d{2}:\d{2}[,.]\d{3}/m;

/** The extension a detected format is stored under (subtitles by their own header). */
export function knowledgeFileExtension(format: KnowledgeSourceFormat, bytes: Uint8Array): KnowledgeFileExtension | null {
  switch (format) {
    case 'PDF':
      return 'pdf';
    case 'DOCX':
      return 'docx';
    case 'TEXT':
      return 'txt';
    case 'MARKDOWN':
      return 'md';
    case 'QA_CSV':
      return 'csv';
    case 'SUBTITLES': {
      const start = startsWith(bytes, utf8Bom) ? 3 : 0;
      return startsWith(bytes, ascii('WEBVTT'), start) ? 'vtt' : 'srt';
    }
    case 'WEB_PAGE':
      return null;
  }
}

/** The format a stored knowledge file holds, from the extension the server gave it. */
export function knowledgeFormatOfPath(path: string): KnowledgeSourceFormat | null {
  const extension = extensionOf(path);
  return Object.hasOwn(knowledgeFileExtensions, extension) ? knowledgeFileExtensions[extension as KnowledgeFileExtension] : null;
}

/** Pasted text is Markdown when it has a Markdown heading; its passages then follow the headings. */
export function pastedTextFormat(text: string): 'TEXT' | 'MARKDOWN' {
  return /^#{1,6}\s+\S/m.test(text) ? 'MARKDOWN' : 'TEXT';
}
