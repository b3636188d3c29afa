// Documents tests make for the knowledge readers: real PDFs (pdf-lib), real Word files (the parts
// Word writes, zipped with fflate) and hostile ones (a zip bomb, a zip that lies about its size).
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF with one page per entry of `pages` (lines of text each) and `title` in its metadata. */
export async function makePdf(pages: string[][], title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (title) pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage();
    lines.forEach((line, index) => {
      page.drawText(line, { x: 50, y: 750 - index * 16, font, size: 11 });
    });
  }
  return pdf.save();
}

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The parts of a Word document: paragraphs, those with `heading` in Word's Heading 1 style. */
export function docxParts(paragraphs: Array<{ text: string; heading?: boolean }>): Record<string, Uint8Array> {
  const body = paragraphs
    .map(({ text, heading }) =>
      heading
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`,
    )
    .join('');
  return {
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'word/styles.xml': strToU8(
      `${xml}<w:styles xmlns:w="${w}"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`,
    ),
    'word/document.xml': strToU8(`${xml}<w:document xmlns:w="${w}"><w:body>${body}</w:body></w:document>`),
  };
}

/** A Word document (.docx) of these paragraphs. */
export function makeDocx(paragraphs: Array<{ text: string; heading?: boolean }>): Uint8Array {
  return zipSync(docxParts(paragraphs));
}

/** A .docx whose extra part unpacks to `unpackedBytes` of zeros from a few kilobytes: a zip bomb. */
export function makeZipBomb(unpackedBytes: number): Uint8Array {
  return zipSync(
    { ...docxParts([{ text: 'Nothing to see.' }]), 'word/media/filler.bin': new Uint8Array(unpackedBytes) },
    { level: 9 },
  );
}

/**
 * A zip bomb that lies: its listing says each part unpacks to 10 bytes, but the filler part unpacks
 * to `unpackedBytes`. Only unpacking (and counting) tells.
 */
export function makeLyingZipBomb(unpackedBytes: number): Uint8Array {
  const zip = makeZipBomb(unpackedBytes);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let offset = 0; offset + 4 <= zip.length; offset++) {
    const signature = view.getUint32(offset, true);
    // Local file header: uncompressed size at +22; central directory header: at +24.
    if (signature === 0x04034b50) view.setUint32(offset + 22, 10, true);
    else if (signature === 0x02014b50) view.setUint32(offset + 24, 10, true);
  }
  return zip;
}
