// How a source's text becomes passages (docs/knowledge.md): the pieces retrieval finds and a reply's
// prompt quotes. Passages follow the document's headings and paragraphs, hold about a thousand
// characters each (enough to answer from, small enough that several fit in a prompt), and a passage
// that continues a section starts with the end of the one before, so a sentence cut at the border is
// still found whole in one of them. Pure and deterministic: the same document always gives the same
// passages, which is what lets a retried ingestion store each passage exactly once.
import type { ExtractedDocument } from '../ports/knowledge.ts';

/** A passage before it is stored: its section's heading (null before the first one) and its text. */
export type PassageDraft = { heading: string | null; text: string };

export const passageSizes = {
  /** A passage ends at the first paragraph break past this many characters. */
  target: 900,
  /** No passage's text is longer. */
  max: 1200,
  /** At most this much of a passage's end starts the next passage of the same section. */
  overlap: 150,
  /** A longer heading is shortened (and kept whole at the start of the text). */
  headingMax: 200,
} as const;

// A piece of text no longer than `max`, and what joins it to the piece before it.
type Piece = { text: string; joiner: '\n\n' | ' ' };

/** Letters, spaces and line breaks only: control characters dropped, runs of spaces made one. */
function cleanLine(line: string): string {
  return (
    line
      // Control characters (but tab) and the zero-width ones carry nothing a reader sees.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200D\uFEFF]/g, '')
      .replace(/[\s\u00A0]+/g, ' ')
      .trim()
  );
}

/** The paragraphs of a text: blank lines separate them, the lines of one are joined with a space. */
export function paragraphsOf(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vertical tab and form feed break lines too
  const lines = text.replace(/\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g, '\n').split('\n');
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const raw of lines) {
    const line = cleanLine(raw);
    if (line === '') {
      if (current.length > 0) paragraphs.push(current.join(' '));
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) paragraphs.push(current.join(' '));
  return paragraphs;
}

/** Cuts a string at most `max` long without splitting a surrogate pair. */
function cutAt(text: string, max: number): number {
  const code = text.charCodeAt(max);
  return code >= 0xdc00 && code <= 0xdfff ? max - 1 : max;
}

/** Splits one overlong word (a URL, a run of digits) into parts of at most `max` characters. */
function splitWord(word: string, max: number): string[] {
  const parts: string[] = [];
  let rest = word;
  while (rest.length > max) {
    const cut = cutAt(rest, max);
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

/** A paragraph as pieces of at most `max`: whole if it fits, else by sentence, then by word. */
function piecesOf(paragraph: string, max: number): Piece[] {
  if (paragraph.length <= max) return [{ text: paragraph, joiner: '\n\n' }];
  const pieces: Piece[] = [];
  const push = (text: string) => pieces.push({ text, joiner: pieces.length === 0 ? '\n\n' : ' ' });
  for (const sentence of paragraph.split(/(?<=[.!?…])\s+/)) {
    if (sentence.length <= max) {
      push(sentence);
      continue;
    }
    let run = '';
    for (const word of sentence.split(' ')) {
      for (const part of splitWord(word, max)) {
        if (run === '') run = part;
        else if (run.length + 1 + part.length <= max) run = `${run} ${part}`;
        else {
          push(run);
          run = part;
        }
      }
    }
    if (run !== '') push(run);
  }
  return pieces;
}

/** The end of a passage that starts the next one: whole words, at most `overlap` characters. */
function tailOf(text: string, overlap: number): string {
  if (text.length <= overlap) return '';
  const start = text.indexOf(' ', text.length - overlap);
  if (start < 0) return '';
  // Start at a sentence when the tail holds one; otherwise at a word.
  const tail = text.slice(start + 1);
  const sentence = tail.search(/(?<=[.!?…])\s+\S/);
  return sentence >= 0 && sentence < tail.length - 1 ? tail.slice(sentence).trimStart() : tail;
}

/** A section's text as passages under `heading`, packed up to `max`, the next starting with the end of the last. */
function packSection(heading: string | null, pieces: Piece[]): PassageDraft[] {
  const { target, max, overlap } = passageSizes;
  const passages: PassageDraft[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current === '') {
      current = piece.text;
      continue;
    }
    const joined = current.length + piece.joiner.length + piece.text.length;
    const fullEnough = piece.joiner === '\n\n' && current.length >= target;
    if (joined <= max && !fullEnough) {
      current += piece.joiner + piece.text;
      continue;
    }
    passages.push({ heading, text: current });
    const tail = tailOf(current, overlap);
    current = tail !== '' && tail.length + 1 + piece.text.length <= max ? `${tail} ${piece.text}` : piece.text;
  }
  if (current !== '') passages.push({ heading, text: current });
  return passages;
}

/** A heading on one line, shortened at a word when too long (the caller keeps the whole one in the text). */
function shortHeading(heading: string): string {
  const { headingMax } = passageSizes;
  if (heading.length <= headingMax) return heading;
  const cut = heading.lastIndexOf(' ', headingMax - 1);
  return `${heading.slice(0, cut > 0 ? cut : cutAt(heading, headingMax - 1))}…`;
}

/**
 * Splits a document into passages along its headings and paragraphs: each passage's text is
 * between 1 and `passageSizes.max` characters, every word of the document is in some passage, and
 * the same document always gives the same passages. A heading with no text of its own is joined to
 * the next section's heading ("Travel › Japan").
 */
export function splitPassages(document: ExtractedDocument): PassageDraft[] {
  const passages: PassageDraft[] = [];
  let pendingHeading: string | null = null;
  for (const section of document.sections) {
    const own = section.heading === null ? '' : cleanLine(section.heading);
    const heading = [pendingHeading, own].filter((part): part is string => part !== null && part !== '').join(' › ');
    const paragraphs = paragraphsOf(section.text);
    if (paragraphs.length === 0) {
      pendingHeading = heading === '' ? null : heading;
      continue;
    }
    pendingHeading = null;
    const short = heading === '' ? null : shortHeading(heading);
    // A shortened heading's words stay findable: the whole heading opens the text.
    if (short !== null && short !== heading) paragraphs.unshift(heading);
    const pieces = paragraphs.flatMap((paragraph) => piecesOf(paragraph, passageSizes.max));
    passages.push(...packSection(short, pieces));
  }
  // A last heading with nothing under it is still something the creator wrote.
  if (pendingHeading !== null) {
    for (const piece of piecesOf(pendingHeading, passageSizes.max)) passages.push({ heading: null, text: piece.text });
  }
  return passages;
}

/** The characters a document counts against the twin's quota: its headings and paragraphs, cleaned. */
export function documentCharacters(document: ExtractedDocument): number {
  let total = 0;
  for (const section of document.sections) {
    if (section.heading !== null) total += cleanLine(section.heading).length;
    for (const paragraph of paragraphsOf(section.text)) total += paragraph.length;
  }
  return total;
}
