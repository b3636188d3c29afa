// HTML as sections: headings (h1 to h6) open sections, block elements end paragraphs, what a reader
// does not read (scripts, styles, forms, navigation) is skipped. A web page is first narrowed to its
// main text by Mozilla's Readability (what Firefox's reader view shows), parsed with linkedom.
import type { ExtractedDocument, ExtractedSection } from '@doppel/domain/ports';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const skipped = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'CANVAS',
  'IFRAME',
  'FORM',
  'BUTTON',
  'SELECT',
  'HEAD',
]);
const headings = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const blocks = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> };

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sections of an HTML body (or any element), in reading order. */
export function htmlSections(root: DomNode): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let current: ExtractedSection = { heading: null, text: '' };
  let paragraph = '';
  const endParagraph = () => {
    const text = oneLine(paragraph);
    if (text !== '') current.text += `${text}\n\n`;
    paragraph = '';
  };
  const visit = (node: DomNode) => {
    if (node.nodeType === 3) {
      paragraph += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (skipped.has(name)) return;
    if (headings.has(name)) {
      endParagraph();
      if (current.heading !== null || current.text !== '') sections.push(current);
      const heading = oneLine(node.textContent ?? '');
      current = { heading: heading === '' ? null : heading, text: '' };
      return;
    }
    const block = blocks.has(name);
    if (block) endParagraph();
    for (const child of Array.from(node.childNodes)) visit(child);
    if (block) endParagraph();
  };
  visit(root);
  endParagraph();
  if (current.heading !== null || current.text !== '') sections.push(current);
  return sections;
}

/** An HTML fragment (a Word document converted by mammoth) as sections. */
export function htmlFragmentSections(html: string): ExtractedSection[] {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return htmlSections(document.body as unknown as DomNode);
}

/**
 * A web page's title and main text. Readability finds the article; a page it cannot narrow (a
 * short page, a list) is read whole, without its navigation and scripts.
 */
export function readWebPage(html: string): ExtractedDocument {
  const { document } = parseHTML(html);
  const pageTitle = oneLine(document.querySelector('title')?.textContent ?? '');
  // Readability changes the document it reads; the fallback reads a fresh parse.
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    charThreshold: 200,
  }).parse();
  const title = oneLine(article?.title ?? '') || pageTitle || null;
  if (article?.content && oneLine(article.textContent ?? '') !== '') {
    return { title, sections: htmlFragmentSections(article.content) };
  }
  const { document: whole } = parseHTML(html);
  for (const element of Array.from(whole.querySelectorAll('nav, header, footer, aside')) as Array<{ remove: () => void }>)
    element.remove();
  const body = (whole.body ?? whole.documentElement) as unknown as DomNode;
  return { title, sections: htmlSections(body) };
}

/** The charset a page declares in its first bytes (<meta charset>), if any. */
export function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? null;
}

/** The text of an HTML page's bytes: a byte order mark, then its <meta charset>, else UTF-8. */
export function decodeHtml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const charset = declaredCharset(bytes);
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
