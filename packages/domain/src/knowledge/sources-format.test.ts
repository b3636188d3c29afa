import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contentTypeOfPath, isSafeStoragePath } from '../ports/file-storage.ts';
import { knowledgeFileExtension, knowledgeFormatOfPath, pastedTextFormat } from './sources-format.ts';

const text = (value: string) => strToU8(value);
const docx = zipSync({ '[Content_Types].xml': text('<Types/>'), 'word/document.xml': text('<w:document/>') }, { level: 0 });
const _otherZip = zipSync({ 'notes.txt': text('hello') }, { level: 0 });

describe('stored knowledge files', () => {
  it('get an extension per format that storage accepts and maps back to the format', () => {
    const cases = [
      ['PDF', text('%PDF-1.4')],
      ['DOCX', docx],
      ['TEXT', text('x')],
      ['MARKDOWN', text('# x')],
      ['SUBTITLES', text('WEBVTT\n')],
      ['SUBTITLES', text('1\n00:00:01,000 --> 00:00:02,000\nx')],
      ['QA_CSV', text('q,a')],
    ] as const;
    for (const [format, bytes] of cases) {
      const extension = knowledgeFileExtension(format, bytes);
      const path = `talents/t1/knowledge/abc.${extension}`;
      expect(isSafeStoragePath(path), path).toBe(true);
      expect(contentTypeOfPath(path), path).toBeTruthy();
      expect(knowledgeFormatOfPath(path)).toBe(format);
    }
    expect(knowledgeFileExtension('SUBTITLES', text('WEBVTT\n'))).toBe('vtt');
    expect(knowledgeFileExtension('WEB_PAGE', text(''))).toBeNull();
    expect(knowledgeFormatOfPath('talents/t1/gallery/abc.png')).toBeNull();
  });
});

describe('pastedTextFormat', () => {
  it('is Markdown when the text has a Markdown heading', () => {
    expect(pastedTextFormat('Intro\n## Travel\nLisbon')).toBe('MARKDOWN');
    expect(pastedTextFormat('#hashtag and words')).toBe('TEXT');
    expect(pastedTextFormat('Just a paragraph.')).toBe('TEXT');
  });
});
