import { describe, expect, it } from 'vitest';
import {
  checkKnowledgeFile,
  formatBytes,
  quotaFull,
  quotaLine,
  sourceKindLabel,
  sourceSizeLabel,
  sourceStatusBadge,
} from './knowledge-format.ts';

describe('knowledge page labels', () => {
  it('writes the quota line with both numbers of each quota', () => {
    const quota = { sources: { used: 12, max: 50 }, characters: { used: 340_000, max: 2_000_000 } };
    expect(quotaLine(quota)).toBe('12 of 50 sources · 340,000 of 2,000,000 characters');
    expect(quotaFull(quota)).toBe(false);
    expect(quotaFull({ ...quota, sources: { used: 50, max: 50 } })).toBe(true);
  });

  it('formats sizes in B, KB and MB', () => {
    expect(formatBytes(850)).toBe('850 B');
    expect(formatBytes(12 * 1024 + 100)).toBe('12 KB');
    expect(formatBytes(3.44 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
  });

  it('names the kind of each source', () => {
    expect(sourceKindLabel({ kind: 'FILE', format: 'PDF' })).toBe('PDF file');
    expect(sourceKindLabel({ kind: 'FILE', format: 'QA_CSV' })).toBe('Questions and answers file');
    expect(sourceKindLabel({ kind: 'TEXT', format: 'MARKDOWN' })).toBe('Pasted Markdown');
    expect(sourceKindLabel({ kind: 'TEXT', format: 'TEXT' })).toBe('Pasted text');
    expect(sourceKindLabel({ kind: 'URL', format: 'WEB_PAGE' })).toBe('Web page');
  });

  it('shows characters once read, bytes before, nothing for a page not yet fetched', () => {
    expect(sourceSizeLabel({ status: 'READY', charCount: 12_345, byteSize: 40_000 })).toBe('12,345 characters');
    expect(sourceSizeLabel({ status: 'PROCESSING', charCount: 0, byteSize: 2048 })).toBe('2 KB');
    expect(sourceSizeLabel({ status: 'PROCESSING', charCount: 0, byteSize: 0 })).toBeNull();
  });

  it('badges each status, ready with its passages', () => {
    expect(sourceStatusBadge({ status: 'PROCESSING', passageCount: 0 })).toEqual({
      label: 'Processing',
      color: 'blue',
      processing: true,
    });
    expect(sourceStatusBadge({ status: 'READY', passageCount: 1 }).label).toBe('Ready · 1 passage');
    expect(sourceStatusBadge({ status: 'READY', passageCount: 1200 }).label).toBe('Ready · 1,200 passages');
    expect(sourceStatusBadge({ status: 'FAILED', passageCount: 0 })).toMatchObject({ label: 'Failed', color: 'red' });
  });

  it('checks a chosen file by name and size before uploading', () => {
    expect(checkKnowledgeFile({ name: 'notes.PDF', size: 10 })).toBeNull();
    expect(checkKnowledgeFile({ name: 'talk.vtt', size: 10 })).toBeNull();
    expect(checkKnowledgeFile({ name: 'photo.png', size: 10 })).toMatch(/^Choose a PDF/);
    expect(checkKnowledgeFile({ name: 'README', size: 10 })).toMatch(/^Choose a PDF/);
    expect(checkKnowledgeFile({ name: 'empty.txt', size: 0 })).toBe('The file is empty');
    expect(checkKnowledgeFile({ name: 'big.pdf', size: 11 * 1024 * 1024 })).toBe('The file is larger than 10 MB');
  });
});
