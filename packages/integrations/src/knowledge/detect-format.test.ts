import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createDocumentReader } from './document-reader.ts';

// What an upload is, by its bytes: the cases the API's upload of a knowledge file depends on.
const detectKnowledgeFormat = createDocumentReader().detectFormat;
const text = (value: string) => strToU8(value);
const docx = zipSync({ '[Content_Types].xml': text('<Types/>'), 'word/document.xml': text('<w:document/>') }, { level: 0 });
const otherZip = zipSync({ 'notes.txt': text('hello') }, { level: 0 });

describe('detectKnowledgeFormat', () => {
  it('recognises PDF and Word documents by their bytes, whatever the name', () => {
    expect(detectKnowledgeFormat(text('%PDF-1.7\n...'), 'anything.txt')).toBe('PDF');
    expect(detectKnowledgeFormat(docx, 'letter')).toBe('DOCX');
  });

  it('refuses a zip that is not a Word document, and binary files; text whose name claims a PDF is text', () => {
    expect(detectKnowledgeFormat(otherZip, 'letter.docx')).toBeNull();
    expect(detectKnowledgeFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), 'image.txt')).toBeNull();
    expect(detectKnowledgeFormat(new Uint8Array([0xc3, 0x28]), 'broken.txt')).toBeNull();
    // A name does not make text a PDF: the bytes are read as what they are.
    expect(detectKnowledgeFormat(text('plain words'), 'report.pdf')).toBe('TEXT');
  });

  it('tells text formats apart by name once the bytes are UTF-8 text', () => {
    expect(detectKnowledgeFormat(text('Hello'), 'notes.txt')).toBe('TEXT');
    expect(detectKnowledgeFormat(text('Hello'), 'notes')).toBe('TEXT');
    expect(detectKnowledgeFormat(text('# Title'), 'notes.MD')).toBe('MARKDOWN');
    expect(detectKnowledgeFormat(text('q,a\nx,y'), 'faq.csv')).toBe('QA_CSV');
    expect(detectKnowledgeFormat(text('\ufeffWEBVTT\n\n00:01.000 --> 00:02.000\nHi'), 'talk.txt')).toBe('SUBTITLES');
    expect(detectKnowledgeFormat(text('1\n00:00:01,000 --> 00:00:02,500\nHi\n'), 'talk.srt')).toBe('SUBTITLES');
    expect(detectKnowledgeFormat(text('not subtitles at all'), 'talk.srt')).toBeNull();
  });
});
