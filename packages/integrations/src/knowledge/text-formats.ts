// The text formats a creator uploads or pastes: plain text, Markdown (its # headings become
// sections), subtitles (cue numbers and timings dropped, the spoken lines joined) and a CSV of
// questions and answers (one section per pair, the question as its heading).
import type { ExtractedDocument, ExtractedSection } from '@doppel/domain/ports';
import { KnowledgeSourceError } from '@doppel/domain/ports';
import { csvHeader, isAnswerHeader, isQuestionHeader } from './detect-format.ts';

const lines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n?|\n/);

export function readPlainText(text: string): ExtractedDocument {
  return { title: null, sections: [{ heading: null, text: text.replace(/^\uFEFF/, '') }] };
}

/** Link and image syntax read as their words; emphasis marks dropped. */
function plainMarkdown(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1');
}

/** Markdown: each ATX heading (# to ######) opens a section; the first level-1 heading is the title. */
export function readMarkdown(text: string): ExtractedDocument {
  const sections: ExtractedSection[] = [];
  let current: ExtractedSection = { heading: null, text: '' };
  let title: string | null = null;
  let fence: string | null = null;
  for (const line of lines(text)) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fenceMark && (fence === null || fence === fenceMark)) {
      fence = fence === null ? fenceMark : null;
      continue;
    }
    const heading = fence === null ? /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      if (current.heading !== null || current.text.trim() !== '') sections.push(current);
      const words = plainMarkdown(heading[2] ?? '');
      if (title === null && heading[1] === '#') title = words;
      current = { heading: words, text: '' };
      continue;
    }
    current.text += `${fence === null ? plainMarkdown(line) : line}\n`;
  }
  if (current.heading !== null || current.text.trim() !== '') sections.push(current);
  return { title, sections };
}

const timing = /-->/;
const cueNumber = /^\d+$/;

/**
 * Subtitles (SubRip or WebVTT): only what is said. Cue numbers, timings, the header and NOTE or
 * STYLE blocks are dropped, voice and style tags removed, a line repeated by rolling captions kept
 * once; a pause between cues of more than a few seconds starts a new paragraph.
 */
export function readSubtitles(text: string): ExtractedDocument {
  const paragraphs: string[][] = [[]];
  let skippingBlock = false;
  let previous = '';
  let lastEnd: number | null = null;
  for (const raw of lines(text)) {
    const line = raw.trim();
    if (line === '') {
      skippingBlock = false;
      continue;
    }
    if (skippingBlock) continue;
    if (/^(WEBVTT|NOTE|STYLE|REGION)\b/.test(line)) {
      skippingBlock = true;
      continue;
    }
    if (timing.test(line)) {
      const [start, end] = line.split('-->').map((part) => seconds(part.trim().split(/\s+/)[0] ?? ''));
      if (lastEnd !== null && start != null && start - lastEnd > 4) paragraphs.push([]);
      lastEnd = end ?? lastEnd;
      continue;
    }
    if (cueNumber.test(line)) continue;
    const spoken = line
      .replace(/<v\s+([^>]+)>/g, '$1: ')
      .replace(/<[^>]+>/g, '')
      .replace(/\{\\[^}]*\}/g, '')
      .trim();
    if (spoken === '' || spoken === previous) continue;
    previous = spoken;
    paragraphs.at(-1)?.push(spoken);
  }
  const body = paragraphs.map((words) => words.join(' ')).filter((paragraph) => paragraph !== '');
  return { title: null, sections: [{ heading: null, text: body.join('\n\n') }] };
}

/** "01:02:03.450" or "02:03,450" as seconds, null when it is not a timestamp. */
function seconds(stamp: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/.exec(stamp);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
}

/** The rows of a CSV (RFC 4180: quoted fields may hold the delimiter, quotes doubled, line breaks). */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A CSV of questions and answers: one section per pair with an answer, the question as its heading. */
export function readQaCsv(text: string): ExtractedDocument {
  const { delimiter, names } = csvHeader(text);
  const question = names.findIndex(isQuestionHeader);
  const answer = names.findIndex(isAnswerHeader);
  if (question < 0 || answer < 0) {
    throw new KnowledgeSourceError('This CSV needs a "question" column and an "answer" column in its first line.');
  }
  const sections: ExtractedSection[] = [];
  for (const row of parseCsv(text, delimiter).slice(1)) {
    const q = (row[question] ?? '').trim();
    const a = (row[answer] ?? '').trim();
    if (a === '') continue;
    sections.push({ heading: q === '' ? null : q, text: a });
  }
  return { title: null, sections };
}
