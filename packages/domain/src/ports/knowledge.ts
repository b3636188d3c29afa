// The knowledge ports (docs/knowledge.md): reading a creator's documents and fetching a web page.
// packages/integrations implements them with well-kept libraries (PDF, Word, HTML readers) and a
// fetcher that refuses our own network; the domain decides what a source becomes and what a
// refusal says to the creator.
import type { KnowledgeSourceFormat } from '@doppel/db';

/** A part of a document under its heading (null before the first heading), in reading order. */
export type ExtractedSection = { heading: string | null; text: string };

/** A document's text as sections, and its own title when it has one (a PDF's, a page's <title>). */
export type ExtractedDocument = { title: string | null; sections: ExtractedSection[] };

/**
 * Why a source cannot be read, in words for the creator ("This PDF took too long to read.").
 * Any other error is ours, and the source fails with a generic reason.
 */
export class KnowledgeSourceError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.reason = reason;
    this.name = 'KnowledgeSourceError';
  }
}

export type DocumentReader = {
  /** What the bytes are, by their content (a .docx is a zip with a Word part), or null if none we read. */
  detectFormat: (bytes: Uint8Array, fileName: string) => KnowledgeSourceFormat | null;
  /**
   * The text of a document of a detected format. Stops with KnowledgeSourceError when it takes
   * longer than `timeoutMs`, unpacks to more than `maxBytes` (a zip bomb) or holds no text.
   * `baseUrl` is a web page's address, for its links and title.
   */
  read: (
    bytes: Uint8Array,
    format: KnowledgeSourceFormat,
    options: { timeoutMs: number; maxBytes: number; baseUrl?: string },
  ) => Promise<ExtractedDocument>;
};

/** A fetched web page: where it ended up after redirects, and its body. */
export type FetchedPage = { finalUrl: string; contentType: string; bytes: Uint8Array };

export type WebPageFetcher = {
  /**
   * Fetches a public web page. Refuses (KnowledgeSourceError) loopback, private, link-local and
   * metadata addresses, before connecting and after every redirect, also when a name resolves
   * differently at connect time; a body over `maxBytes`, a slow answer, a non-HTML answer.
   */
  fetchPage: (url: string, options: { timeoutMs: number; maxBytes: number }) => Promise<FetchedPage>;
};
