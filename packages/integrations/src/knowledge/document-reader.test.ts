// The document reader on files the tests make: real PDFs and Word documents, text formats, and
// hostile files, each refused with the sentence the creator will read.
import { KnowledgeSourceError } from '@doppel/domain/ports';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { makeDocx, makeLyingZipBomb, makePdf, makeZipBomb } from '../testing/knowledge-files.ts';
import { createDocumentReader } from './document-reader.ts';

// Each PDF, Word or web page read starts a thread that loads its parser: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const reader = createDocumentReader();
const options = { timeoutMs: 30_000, maxBytes: 8 * 1024 * 1024 };
const text = (value: string) => new TextEncoder().encode(value);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the read is refused').toBeInstanceOf(KnowledgeSourceError);
  return (error as KnowledgeSourceError).reason;
}

describe('detectFormat', () => {
  it('knows a PDF and a Word document by their bytes, whatever their names say', async () => {
    expect(reader.detectFormat(await makePdf([['Hi']]), 'notes.txt')).toBe('PDF');
    expect(reader.detectFormat(makeDocx([{ text: 'Hi' }]), 'notes.pdf')).toBe('DOCX');
  });

  it('tells text formats apart by name or shape', () => {
    expect(reader.detectFormat(text('# Title\n\nBody'), 'notes.md')).toBe('MARKDOWN');
    expect(reader.detectFormat(text('Just words.'), 'notes.txt')).toBe('TEXT');
    expect(
      reader.detectFormat(text('1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:03,000 --> 00:00:04,000\nYo\n'), 'talk.txt'),
    ).toBe('SUBTITLES');
    expect(reader.detectFormat(text('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'), 'talk.vtt')).toBe('SUBTITLES');
    expect(reader.detectFormat(text('question,answer\nWhere?,Lisbon\n'), 'faq.csv')).toBe('QA_CSV');
    expect(reader.detectFormat(text('name,age\nSam,3\n'), 'people.csv')).toBe('TEXT');
    expect(reader.detectFormat(text('<!doctype html><html><body>Hi</body></html>'), 'page.txt')).toBe('WEB_PAGE');
  });

  it('refuses binary files, other zips and images', () => {
    expect(reader.detectFormat(new Uint8Array([0, 1, 2, 3, 255, 254, 0, 9]), 'notes.txt')).toBeNull();
    expect(reader.detectFormat(zipSync({ 'a.txt': strToU8('hello') }), 'notes.docx')).toBeNull();
    expect(reader.detectFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'a.md')).toBeNull();
    expect(reader.detectFormat(new Uint8Array([0xc3, 0x28, 0x41]), 'bad-utf8.txt')).toBeNull();
  });
});

describe('read', () => {
  it('reads a PDF: every page in order and its title', async () => {
    const pdf = await makePdf([['Kyoto is best in April.', 'Book early.'], ['Osaka is for the food.']], 'Japan notes');
    const document = await reader.read(pdf, 'PDF', options);
    expect(document.title).toBe('Japan notes');
    const all = document.sections.map((section) => section.text).join('\n');
    expect(all).toContain('Kyoto is best in April.');
    expect(all.indexOf('Kyoto')).toBeLessThan(all.indexOf('Osaka is for the food.'));
  });

  it('reads a Word document with its headings as sections', async () => {
    const docx = makeDocx([
      { text: 'Intro line.' },
      { text: 'Packing', heading: true },
      { text: 'Take a light jacket.' },
      { text: 'And good shoes.' },
    ]);
    const document = await reader.read(docx, 'DOCX', options);
    expect(document.sections).toEqual([
      { heading: null, text: 'Intro line.\n\n' },
      { heading: 'Packing', text: 'Take a light jacket.\n\nAnd good shoes.\n\n' },
    ]);
  });

  it('reads a web page: its title and main text under its headings, without navigation or scripts', async () => {
    const filler = 'The old town is best seen on foot, early, before the tour buses arrive at the square. '.repeat(4);
    const html = `<!doctype html><html><head><title>Lisbon guide</title><script>var secret = 1;</script></head>
      <body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>
      <article><h1>Lisbon in three days</h1><p>${filler}</p><h2>Where to eat</h2><p>Try the pastéis de nata in Belém. ${filler}</p></article>
      <footer>© Someone</footer></body></html>`;
    const document = await reader.read(text(html), 'WEB_PAGE', options);
    expect(document.title).toBe('Lisbon guide');
    const headings = document.sections.map((section) => section.heading);
    expect(headings).toContain('Where to eat');
    const all = JSON.stringify(document);
    expect(all).toContain('pastéis de nata');
    expect(all).not.toContain('secret');
    expect(all).not.toContain('About us');
  });

  it('reads Markdown headings as sections, outside code fences', async () => {
    const document = await reader.read(
      text('# Trips\n\nIntro.\n\n## Japan\n\nSee [Kyoto](https://x.test) **first**.\n\n```\n# not a heading\n```\n'),
      'MARKDOWN',
      options,
    );
    expect(document.title).toBe('Trips');
    expect(document.sections.map((s) => s.heading)).toEqual(['Trips', 'Japan']);
    expect(document.sections[1]?.text).toContain('See Kyoto first.');
    expect(document.sections[1]?.text).toContain('# not a heading');
  });

  it('reads subtitles as what is said: no numbers, no timings, repeated lines once', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\nI moved to Lisbon\n\n2\n00:00:02,000 --> 00:00:03,000\nI moved to Lisbon\nin 2019.\n\n3\n00:00:30,000 --> 00:00:31,000\n<i>Later</i> I learned Portuguese.\n';
    const document = await reader.read(text(srt), 'SUBTITLES', options);
    expect(document.sections).toEqual([{ heading: null, text: 'I moved to Lisbon in 2019.\n\nLater I learned Portuguese.' }]);
  });

  it('reads WebVTT without its header, notes and voice tags, and starts a paragraph after a pause', async () => {
    const vtt =
      'WEBVTT\n\nNOTE recorded in 2024\nnot said\n\n00:01.000 --> 00:02.000 align:start\n<v Ana>Hello there.\n\n00:09.000 --> 00:10.000\nA new topic.\n';
    const document = await reader.read(text(vtt), 'SUBTITLES', options);
    expect(document.sections).toEqual([{ heading: null, text: 'Ana: Hello there.\n\nA new topic.' }]);
  });

  it('reads a CSV of questions and answers as one section per pair', async () => {
    const csv =
      'Question;Answer\n"Where do you live?";"Lisbon; since 2019"\nFavourite food?;"Pastéis de nata, ""fresh"""\nNo answer;\n';
    const document = await reader.read(text(csv), 'QA_CSV', options);
    expect(document.sections).toEqual([
      { heading: 'Where do you live?', text: 'Lisbon; since 2019' },
      { heading: 'Favourite food?', text: 'Pastéis de nata, "fresh"' },
    ]);
    const multiline = await reader.read(text('\uFEFFquestion,answer\r\nWhy?,"Because\r\nof the light."\r\n'), 'QA_CSV', options);
    expect(multiline.sections).toEqual([{ heading: 'Why?', text: 'Because\r\nof the light.' }]);
  });
});

describe('read refuses', () => {
  it('a PDF that takes too long', async () => {
    const pdf = await makePdf([['Slow.']]);
    expect(await refusal(reader.read(pdf, 'PDF', { ...options, timeoutMs: 1 }))).toBe('This PDF took too long to read.');
  });

  it('a PDF without text, and a damaged one', async () => {
    expect(await refusal(reader.read(await makePdf([[]]), 'PDF', options))).toMatch(/^This PDF holds no text we can read/);
    const damaged = text('%PDF-1.7\nthis is not really a pdf at all\n%%EOF');
    expect(await refusal(reader.read(damaged, 'PDF', options))).toMatch(/^This PDF (is damaged|holds no text)/);
  });

  it('a zip bomb, by its listing', async () => {
    const bomb = makeZipBomb(20 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(reader.read(bomb, 'DOCX', { ...options, maxBytes: 10 * 1024 * 1024 }))).toBe(
      'This Word document unpacks to more than we can read. Is it really a document?',
    );
  });

  it('a zip bomb that lies about its size, by unpacking and counting', async () => {
    const bomb = makeLyingZipBomb(20 * 1024 * 1024);
    expect(await refusal(reader.read(bomb, 'DOCX', { ...options, maxBytes: 10 * 1024 * 1024 }))).toBe(
      'This Word document unpacks to more than we can read. Is it really a document?',
    );
  });

  it('a damaged Word document, empty text and bytes that are not text', async () => {
    const broken = makeDocx([{ text: 'x' }]).slice(0, 200);
    expect(await refusal(reader.read(broken, 'DOCX', options))).toMatch(/^This Word document is damaged/);
    expect(await refusal(reader.read(text('  \n\n '), 'TEXT', options))).toBe('This file holds no text we can read.');
    expect(await refusal(reader.read(new Uint8Array([0, 159, 146, 150]), 'TEXT', options))).toBe(
      'This file is not text we can read.',
    );
    expect(await refusal(reader.read(text('name,age\nSam,3'), 'QA_CSV', options))).toMatch(/needs a "question" column/);
  });

  it('a file over the size limit', async () => {
    expect(await refusal(reader.read(text('x'.repeat(100)), 'TEXT', { ...options, maxBytes: 10 }))).toBe(
      'This file is larger than we can read.',
    );
  });
});
