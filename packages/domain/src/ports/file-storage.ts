// The storage port: the domain declares what a file store does and which paths it accepts;
// packages/integrations implements it (local disk today; an S3-compatible adapter fits the same shape).
import { contentTypes, type SniffedFileType } from '../files/sniff.ts';
import type { KnowledgeFileExtension } from '../knowledge/sources-format.ts';

/** A stored file's bytes and the type it is served with. */
export type StoredFile = { bytes: Buffer; contentType: string };

/**
 * Where uploaded files live. Paths are relative, built by the server (`talents/{ownerId}/{kind}/{id}.{ext}`),
 * never from a user's file name; an adapter refuses any path `isSafeStoragePath` rejects and stores a file
 * only with the content type `contentTypeOfPath` gives its extension.
 */
export type FileStorage = {
  put: (path: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  read: (path: string) => Promise<StoredFile | undefined>;
  exists: (path: string) => Promise<boolean>;
  /** Deletes the file; a missing file is not an error (an erased account's exports). */
  remove: (path: string) => Promise<void>;
};

// Segments of letters, digits, _ and -, the last with one known extension: no `..`, no `/` at
// either end, no backslashes, dots or NUL bytes anywhere else.
const safePath = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(jpg|png|webp|mp3|wav|zip|pdf|docx|txt|md|srt|vtt|csv)$/;

/**
 * What the server stores: every upload type, WAV voice notes made by the local voice engine, the
 * ZIPs of "Download my data" (served only by the owner's download route), and the twin's knowledge
 * files (private, docs/knowledge.md).
 */
const storedContentTypes: Record<SniffedFileType | 'wav' | 'zip' | KnowledgeFileExtension, string> = {
  ...contentTypes,
  wav: 'audio/wav',
  zip: 'application/zip',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  srt: 'application/x-subrip',
  vtt: 'text/vtt; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** True for a relative storage path the server could have made; anything else is refused. */
export function isSafeStoragePath(path: string): boolean {
  return path.length <= 300 && safePath.test(path);
}

/** The content type a stored path is served with, from the extension the server gave it. */
export function contentTypeOfPath(path: string): string | undefined {
  const extension = safePath.exec(path)?.[1] as keyof typeof storedContentTypes | undefined;
  return extension ? storedContentTypes[extension] : undefined;
}
