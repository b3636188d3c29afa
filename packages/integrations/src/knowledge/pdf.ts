// PDF text with unpdf (Mozilla's pdf.js built for servers): each page's text in order, the
// document's own title from its metadata. Runs inside the reading worker (document-worker.ts), so a
// PDF that takes too long is stopped with the thread.
import type { ExtractedDocument } from '@doppel/domain/ports';
import { KnowledgeSourceError } from '@doppel/domain/ports';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

export async function readPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(bytes.slice(), { stopAtErrors: false });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new KnowledgeSourceError('This PDF is protected by a password. Upload a copy without one.');
    }
    throw new KnowledgeSourceError('This PDF is damaged or is not really a PDF.');
  }
  // The thread ends after one read, which frees the document; no clean-up needed here.
  const meta = await getMeta(pdf).catch(() => null);
  const info = (meta?.info ?? {}) as { Title?: unknown };
  const title = typeof info.Title === 'string' && info.Title.trim() !== '' ? info.Title.trim() : null;
  const { text } = await extractText(pdf, { mergePages: false });
  // Pages are paragraphs of one flow: a passage may run over a page break.
  return { title, sections: [{ heading: null, text: text.join('\n\n') }] };
}
