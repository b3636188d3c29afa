import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../ports/knowledge.ts';
import { documentCharacters, paragraphsOf, passageSizes, splitPassages } from './split-passages.ts';

const sentence = (n: number) => `Sentence number ${n} tells one small thing about the trip to Lisbon.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

/** Everything a passage offers a search: its heading and its text. */
const searchable = (passages: Array<{ heading: string | null; text: string }>) =>
  passages.map((p) => `${p.heading ?? ''} ${p.text}`).join('\n');

describe('splitPassages', () => {
  it('keeps a short section whole under its heading', () => {
    const passages = splitPassages({
      title: null,
      sections: [
        { heading: null, text: 'An opening line.' },
        { heading: 'Japan', text: 'Kyoto in April.\n\nOsaka for the food.' },
      ],
    });
    expect(passages).toEqual([
      { heading: null, text: 'An opening line.' },
      { heading: 'Japan', text: 'Kyoto in April.\n\nOsaka for the food.' },
    ]);
  });

  it('joins the lines of a paragraph and drops control characters', () => {
    expect(paragraphsOf('one\r\ntwo\u0007  three\n\n\n  four\u00a0five ')).toEqual(['one two three', 'four five']);
  });

  it('ends passages at paragraph breaks once they are long enough, each under the maximum', () => {
    // 16 sentences of ~68 characters: ~1100 characters a paragraph.
    const text = [paragraph(0, 8), paragraph(8, 8), paragraph(16, 8), paragraph(24, 8)].join('\n\n');
    const passages = splitPassages({ title: null, sections: [{ heading: 'Lisbon', text }] });
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const passage of passages) {
      expect(passage.heading).toBe('Lisbon');
      expect(passage.text.length).toBeLessThanOrEqual(passageSizes.max);
      expect(passage.text.length).toBeGreaterThan(400);
    }
  });

  it('splits a long paragraph by sentence and starts the next passage with the end of the last', () => {
    const passages = splitPassages({ title: null, sections: [{ heading: null, text: paragraph(0, 40) }] });
    expect(passages.length).toBeGreaterThan(2);
    for (const [index, passage] of passages.entries()) {
      expect(passage.text.length).toBeLessThanOrEqual(passageSizes.max);
      if (index === 0) continue;
      // This passage opens with whole sentences that end the previous one, its last sentence included.
      const previous = passages[index - 1]?.text ?? '';
      const lastSentence = previous.slice(previous.lastIndexOf('Sentence number'));
      const overlapEnd = passage.text.indexOf(lastSentence) + lastSentence.length;
      expect(overlapEnd, `passage ${index} repeats "${lastSentence}"`).toBeGreaterThan(lastSentence.length - 1);
      expect(overlapEnd).toBeLessThanOrEqual(passageSizes.overlap);
      expect(passage.text).toMatch(/^Sentence number/);
      expect(previous.endsWith(passage.text.slice(0, overlapEnd))).toBe(true);
    }
  });

  it('cuts a word longer than a passage into parts', () => {
    const word = 'x'.repeat(3000);
    const passages = splitPassages({ title: null, sections: [{ heading: null, text: `before ${word} after` }] });
    expect(
      passages
        .map((p) => p.text)
        .join('')
        .replaceAll(' ', ''),
    ).toContain(word);
    for (const passage of passages) expect(passage.text.length).toBeLessThanOrEqual(passageSizes.max);
  });

  it('joins a heading without text to the next heading, and keeps a last lone heading as text', () => {
    const passages = splitPassages({
      title: null,
      sections: [
        { heading: 'Travel', text: '  \n ' },
        { heading: 'Japan', text: 'Kyoto.' },
        { heading: 'The end', text: '' },
      ],
    });
    expect(passages).toEqual([
      { heading: 'Travel › Japan', text: 'Kyoto.' },
      { heading: null, text: 'The end' },
    ]);
  });

  it('shortens a very long heading and keeps it whole at the start of the text', () => {
    const question = `Why ${'really '.repeat(60)}go?`;
    const [passage] = splitPassages({ title: null, sections: [{ heading: question, text: 'Because.' }] });
    expect(passage?.heading?.length).toBeLessThanOrEqual(passageSizes.headingMax);
    expect(passage?.heading?.endsWith('…')).toBe(true);
    expect(passage?.text).toBe(`${question}\n\nBecause.`);
  });

  it('gives nothing for a document without text', () => {
    expect(splitPassages({ title: 'Empty', sections: [{ heading: null, text: ' \n\n\t' }] })).toEqual([]);
    expect(splitPassages({ title: null, sections: [] })).toEqual([]);
  });

  it('counts the characters of headings and paragraphs', () => {
    expect(documentCharacters({ title: 'ignored', sections: [{ heading: ' Hi ', text: 'a  b\n\nc' }] })).toBe(2 + 3 + 1);
  });
});

// Words of letters and a little punctuation, text with the line breaks and spacing real files have.
const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9'’,;:()-]{1,24}[.!?]?$/);
const line = fc.array(word, { minLength: 0, maxLength: 40 }).map((words) => words.join(' '));
const text = fc
  .array(fc.tuple(line, fc.constantFrom('\n', '\n\n', '\r\n', '\n \n\n', ' ')), { maxLength: 60 })
  .map((parts) => parts.map(([l, sep]) => l + sep).join(''));
const documents: fc.Arbitrary<ExtractedDocument> = fc.record({
  title: fc.option(line, { nil: null }),
  sections: fc.array(fc.record({ heading: fc.option(line, { nil: null }), text }), { maxLength: 8 }),
});

describe('splitPassages (properties)', () => {
  it('puts every word of the document in some passage', () => {
    fc.assert(
      fc.property(documents, (document) => {
        const found = searchable(splitPassages(document));
        for (const section of document.sections) {
          const words = `${section.heading ?? ''} ${section.text}`.split(/\s+/).filter(Boolean);
          for (const w of words) expect(found, `"${w}" is in a passage`).toContain(w);
        }
      }),
    );
  });

  it('makes passages that are never empty and never over the maximum, headings bounded', () => {
    fc.assert(
      fc.property(documents, (document) => {
        for (const passage of splitPassages(document)) {
          expect(passage.text.trim().length).toBeGreaterThan(0);
          expect(passage.text.length).toBeLessThanOrEqual(passageSizes.max);
          if (passage.heading !== null) {
            expect(passage.heading.length).toBeGreaterThan(0);
            expect(passage.heading.length).toBeLessThanOrEqual(passageSizes.headingMax);
          }
        }
      }),
    );
  });

  it('gives the same passages for the same document', () => {
    fc.assert(
      fc.property(documents, (document) => {
        expect(splitPassages(structuredClone(document))).toEqual(splitPassages(document));
      }),
    );
  });

  it('holds no more characters than the document plus the overlaps', () => {
    fc.assert(
      fc.property(documents, (document) => {
        const passages = splitPassages(document);
        const stored = passages.reduce((sum, p) => sum + p.text.length, 0);
        // Each paragraph adds at most its break, each passage at most its overlap and a space.
        const paragraphs = document.sections.reduce((sum, section) => sum + paragraphsOf(section.text).length + 1, 0);
        const budget = documentCharacters(document) + 2 * paragraphs + passages.length * (passageSizes.overlap + 1);
        expect(stored).toBeLessThanOrEqual(budget);
      }),
    );
  });
});
