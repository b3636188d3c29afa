// Word documents (.docx) with mammoth, whose HTML keeps Word's headings as h1 to h6. A .docx is a
// zip: before mammoth unpacks it, the zip's own listing is checked (how many parts, how large
// unpacked), and then what its parts really unpack to, stopping at the limit, so a small file that
// unpacks to gigabytes (a zip bomb) is refused without being unpacked.
import type { ExtractedDocument } from '@doppel/domain/ports';
import { KnowledgeSourceError } from '@doppel/domain/ports';
import { Unzip, UnzipInflate } from 'fflate';
import mammoth from 'mammoth';
import { zipEntries } from './detect-format.ts';
import { htmlFragmentSections } from './html-text.ts';

/** A Word document has a few dozen parts; thousands mean something else. */
export const maxZipEntries = 2000;

const tooLarge = () => new KnowledgeSourceError('This Word document unpacks to more than we can read. Is it really a document?');

/** Refuses a zip whose listing or real contents unpack to more than `maxBytes`. */
export function checkZipSize(bytes: Uint8Array, maxBytes: number): void {
  const entries = zipEntries(bytes);
  if (!entries) throw new KnowledgeSourceError('This Word document is damaged or is not really a .docx file.');
  if (entries.length > maxZipEntries) throw tooLarge();
  const declared = entries.reduce((sum, entry) => sum + entry.originalSize, 0);
  if (declared > maxBytes) throw tooLarge();
  // The listing may lie: unpack every part as a stream and count what comes out, stopping at the limit.
  let unpacked = 0;
  let over = false;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error || over) return;
      unpacked += chunk.length;
      if (unpacked > maxBytes) {
        over = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const chunkSize = 64 * 1024;
  try {
    for (let offset = 0; offset < bytes.length && !over; offset += chunkSize) {
      unzip.push(bytes.subarray(offset, offset + chunkSize), offset + chunkSize >= bytes.length);
    }
  } catch {
    if (!over) throw new KnowledgeSourceError('This Word document is damaged or is not really a .docx file.');
  }
  if (over) throw tooLarge();
}

export async function readDocx(bytes: Uint8Array, maxBytes: number): Promise<ExtractedDocument> {
  checkZipSize(bytes, maxBytes);
  let html: string;
  try {
    // Images are left out: only the words count.
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch {
    throw new KnowledgeSourceError('This Word document is damaged or is not really a .docx file.');
  }
  return { title: null, sections: htmlFragmentSections(html) };
}
