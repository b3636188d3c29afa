import { type Executor, newId, talentDrafts, talents } from '@doppel/db';
import { maxUploadBytes, type UploadedFile, type UploadFileInput } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { isAdmin, managesTalent, type Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { knowledgeFileExtension } from '../knowledge/sources-format.ts';
import { knowledgeSourceMessages } from '../knowledge/sources-view.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import { contentTypeOfPath } from '../ports/file-storage.ts';
import type { ImageProcessing } from '../ports/images.ts';
import type { DocumentReader } from '../ports/knowledge.ts';
import { contentTypes, type SniffedFileType, sniffFileType } from './sniff.ts';
import { fileUrl, lockedGalleryKind } from './visibility.ts';

export const uploadMessages = {
  notImage: 'This file is not a JPG, PNG or WEBP image',
  notMp3: 'This file is not an MP3 audio file',
  empty: 'The file is empty',
  tooLarge: `The file is larger than ${maxUploadBytes / 1024 / 1024} MB`,
  notBase64: 'The file content could not be read',
  damagedImage: 'This image is damaged or incomplete. Please choose another file.',
  forbiddenTalent: 'You cannot upload files for this talent.',
  forbiddenPublic: 'Only admins can upload public files.',
} as const;

const invalidFile = (message: string) => new DomainError('INVALID', message, { file: [message] });

/** The address a stored file is served at by the API. */

/**
 * Who may store files for an owner: a TALENT owner is a talent the caller manages, the caller's
 * own onboarding draft, or (for admins) any existing talent; PUBLIC files are admin content.
 */
async function assertMayUploadFor(db: Executor, viewer: NonNullable<Viewer>, input: UploadFileInput): Promise<void> {
  if (input.ownerType === 'PUBLIC') {
    if (!isAdmin(viewer)) throw new DomainError('FORBIDDEN', uploadMessages.forbiddenPublic);
    return;
  }
  if (managesTalent(viewer, input.ownerId)) return;
  const [draft] = await db
    .select({ id: talentDrafts.id })
    .from(talentDrafts)
    .where(and(eq(talentDrafts.id, input.ownerId), eq(talentDrafts.userId, viewer.id)))
    .limit(1);
  if (draft) return;
  if (isAdmin(viewer)) {
    const [talent] = await db.select({ id: talents.id }).from(talents).where(eq(talents.id, input.ownerId)).limit(1);
    if (talent) return;
  }
  throw new DomainError('FORBIDDEN', uploadMessages.forbiddenTalent);
}

// Base64 as sent by the form; a data: URL prefix (FileReader.readAsDataURL) is tolerated.
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeContent(content: string): Buffer {
  const base64 = content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!base64Pattern.test(base64) || base64.length % 4 === 1) throw invalidFile(uploadMessages.notBase64);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalidFile(uploadMessages.empty);
  if (bytes.length > maxUploadBytes) throw invalidFile(uploadMessages.tooLarge);
  return bytes;
}

/**
 * Stores an uploaded file after checking who may store it and what it really is: the type comes
 * from the content (magic bytes), never from the name or the declared type; images are decoded in
 * full. A refused file stores nothing. Gallery images also get a blurred locked copy under an
 * unrelated id, so the locked address does not reveal the original's.
 */
export async function uploadFile(
  db: Executor,
  storage: FileStorage,
  images: ImageProcessing,
  viewer: NonNullable<Viewer>,
  input: UploadFileInput,
  /** What a knowledge document is by its bytes: the document reader's check. */
  detectDocument: DocumentReader['detectFormat'],
): Promise<UploadedFile> {
  await assertMayUploadFor(db, viewer, input);
  const bytes = decodeContent(input.file.content);
  const sniffed = sniffFileType(bytes);
  const folderOf = (kind: string) => (input.ownerType === 'PUBLIC' ? `public/${kind}` : `talents/${input.ownerId}/${kind}`);
  const folder = folderOf(input.purpose);
  const id = newId();

  if (input.purpose === 'knowledge') {
    if (input.ownerType !== 'TALENT') throw invalidFile(uploadMessages.forbiddenTalent);
    const format = detectDocument(bytes, input.file.name);
    const extension = format ? knowledgeFileExtension(format, bytes) : null;
    const filePath = extension ? `${folder}/${id}.${extension}` : undefined;
    const contentType = filePath ? contentTypeOfPath(filePath) : undefined;
    if (!filePath || !contentType) throw invalidFile(knowledgeSourceMessages.notKnowledgeFile);
    await storage.put(filePath, bytes, contentType);
    return { id, type: 'DOCUMENT', url: fileUrl(filePath), filePath, lockedFilePath: null, dimensions: null };
  }

  if (input.purpose === 'voice-sample') {
    if (sniffed !== 'mp3') throw invalidFile(uploadMessages.notMp3);
    const filePath = `${folder}/${id}.mp3`;
    await storage.put(filePath, bytes, contentTypes.mp3);
    return { id, type: 'AUDIO', url: fileUrl(filePath), filePath, lockedFilePath: null, dimensions: null };
  }

  if (sniffed === undefined || sniffed === 'mp3') throw invalidFile(uploadMessages.notImage);
  const format: Exclude<SniffedFileType, 'mp3'> = sniffed;
  // Decoded in full and stored upright without metadata (no camera location); a broken file is refused.
  const image = await images.normalise(bytes, format);
  if (!image) throw invalidFile(uploadMessages.damagedImage);
  const locked = input.purpose === 'gallery' ? await images.lockedCopy(image.bytes) : undefined;
  const filePath = `${folder}/${id}.${format}`;
  await storage.put(filePath, image.bytes, contentTypes[format]);
  let lockedFilePath: string | null = null;
  if (locked) {
    // A folder of its own: the original stays private, only the blurred copy is served to all.
    lockedFilePath = `${folderOf(lockedGalleryKind)}/${newId()}.jpg`;
    await storage.put(lockedFilePath, locked, contentTypes.jpg);
  }
  return {
    id,
    type: 'IMAGE',
    url: fileUrl(filePath),
    filePath,
    lockedFilePath,
    dimensions: { width: image.width, height: image.height },
  };
}
