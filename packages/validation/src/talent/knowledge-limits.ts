// What a twin may know (docs/knowledge.md): the quotas and limits of its knowledge sources. No zod
// here, so a page that shows the numbers does not load the schemas.

export const knowledgeSourceKinds = ['FILE', 'TEXT', 'URL'] as const;
export type KnowledgeSourceKindValue = (typeof knowledgeSourceKinds)[number];

export const knowledgeSourceFormats = ['PDF', 'DOCX', 'TEXT', 'MARKDOWN', 'SUBTITLES', 'QA_CSV', 'WEB_PAGE'] as const;
export type KnowledgeSourceFormatValue = (typeof knowledgeSourceFormats)[number];

export const knowledgeSourceStatuses = ['PROCESSING', 'READY', 'FAILED'] as const;
export type KnowledgeSourceStatusValue = (typeof knowledgeSourceStatuses)[number];

export const knowledgeLimits = {
  /** Sources per twin, whatever their kind. */
  sourcesPerTwin: 50,
  /** Characters of extracted text per twin, all ready sources together (about 800 pages). */
  charactersPerTwin: 2_000_000,
  /** Largest upload (the files route takes 10 MB). */
  fileBytes: 10 * 1024 * 1024,
  /** Largest pasted text. */
  pastedCharacters: 200_000,
  /** Largest web page read (its HTML). */
  webPageBytes: 5 * 1024 * 1024,
  titleLength: 120,
  urlLength: 2000,
} as const;

/** How each format reads to a creator. */
export const knowledgeFormatLabels: Record<KnowledgeSourceFormatValue, string> = {
  PDF: 'PDF',
  DOCX: 'Word document',
  TEXT: 'Text',
  MARKDOWN: 'Markdown',
  SUBTITLES: 'Subtitles',
  QA_CSV: 'Questions and answers',
  WEB_PAGE: 'Web page',
};
