// How the twin's knowledge sources read on the creator's Knowledge page and the admin's Talent page:
// pure functions, tested without a browser.
import {
  type KnowledgeSourcesOutput,
  type KnowledgeSourceView,
  knowledgeFormatLabels,
  knowledgeLimits,
} from '@doppel/validation';

const count = (value: number) => value.toLocaleString('en-US');

/** "12 of 50 sources · 340,000 of 2,000,000 characters". */
export function quotaLine(quota: KnowledgeSourcesOutput['quota']): string {
  return `${count(quota.sources.used)} of ${count(quota.sources.max)} sources · ${count(quota.characters.used)} of ${count(quota.characters.max)} characters`;
}

/** True when no more sources fit (the add buttons are then disabled with the reason). */
export const quotaFull = (quota: KnowledgeSourcesOutput['quota']) => quota.sources.used >= quota.sources.max;

/** A size in bytes as people read it: "850 B", "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/** What kind of source it is: "PDF file", "Pasted text", "Web page". */
export function sourceKindLabel(source: Pick<KnowledgeSourceView, 'kind' | 'format'>): string {
  if (source.kind === 'URL') return 'Web page';
  if (source.kind === 'TEXT') return source.format === 'MARKDOWN' ? 'Pasted Markdown' : 'Pasted text';
  return `${knowledgeFormatLabels[source.format]} file`;
}

/** The size shown beside the kind: characters once read, else the stored bytes (none for a page not yet fetched). */
export function sourceSizeLabel(source: Pick<KnowledgeSourceView, 'status' | 'charCount' | 'byteSize'>): string | null {
  if (source.status === 'READY' && source.charCount > 0) return `${count(source.charCount)} characters`;
  return source.byteSize > 0 ? formatBytes(source.byteSize) : null;
}

export type SourceStatusBadge = { label: string; color: 'blue' | 'green' | 'red'; processing: boolean };

/** The status badge: Processing (with a loader), Ready with its passages, or Failed. */
export function sourceStatusBadge(source: Pick<KnowledgeSourceView, 'status' | 'passageCount'>): SourceStatusBadge {
  switch (source.status) {
    case 'PROCESSING':
      return { label: 'Processing', color: 'blue', processing: true };
    case 'READY':
      return {
        label: `Ready · ${source.passageCount === 1 ? '1 passage' : `${count(source.passageCount)} passages`}`,
        color: 'green',
        processing: false,
      };
    case 'FAILED':
      return { label: 'Failed', color: 'red', processing: false };
  }
}

/** The extensions the upload button offers (the server decides by the bytes). */
export const knowledgeFileAccept = ['.pdf', '.docx', '.txt', '.md', '.markdown', '.srt', '.vtt', '.csv'].join(',');

/** A first, friendly check of a chosen file by its name and size; the server decides by its content. */
export function checkKnowledgeFile(file: { name: string; size: number }): string | null {
  const extension = `.${file.name.toLowerCase().split('.').pop() ?? ''}`;
  if (!file.name.includes('.') || !knowledgeFileAccept.split(',').includes(extension))
    return 'Choose a PDF, Word (.docx), text, Markdown, subtitle (.srt, .vtt) or CSV file.';
  if (file.size === 0) return 'The file is empty';
  if (file.size > knowledgeLimits.fileBytes) return `The file is larger than ${knowledgeLimits.fileBytes / 1024 / 1024} MB`;
  return null;
}
