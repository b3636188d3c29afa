import { type Executor, staticAttachments } from '@doppel/db';
import { type AddStaticAttachmentInput, type StaticAttachmentView, talentMessages } from '@doppel/validation';
import { DomainError } from '../errors.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import type { ImageProcessing } from '../ports/images.ts';
import { recordTalentChange } from './changes.ts';
import { staticAttachmentView } from './get-settings.ts';
import { loadTalent } from './load.ts';
import { isStoredIn, storedImageDimensions, talentFolder } from './talent-files.ts';

const notInGallery = () =>
  new DomainError('INVALID', talentMessages.notInGallery, { staticAttachment: [talentMessages.notInGallery] });

/**
 * Add static attachment (docs/product-rules.md#calls): the result of a gallery upload becomes a gallery image. Both
 * the original and its locked copy must be files uploaded to this twin's gallery folder (another
 * twin's file, a profile picture or a made-up path is refused); the dimensions are read from the
 * stored original, not taken from the client.
 */
export async function addStaticAttachment(
  tx: Executor,
  storage: FileStorage,
  images: ImageProcessing,
  talentId: string,
  input: AddStaticAttachmentInput['staticAttachment'],
): Promise<StaticAttachmentView> {
  await loadTalent(tx, talentId);
  const folder = talentFolder(talentId, 'gallery');
  if (input.filePath === input.lockedFilePath) throw notInGallery();
  // Locked copies live in their own public folder (files/visibility.ts); older uploads kept them
  // next to the original.
  const lockedStored =
    (await isStoredIn(storage, input.lockedFilePath, talentFolder(talentId, 'gallery-locked'))) ||
    (await isStoredIn(storage, input.lockedFilePath, folder));
  if (!(await isStoredIn(storage, input.filePath, folder)) || !lockedStored) throw notInGallery();
  const dimensions = await storedImageDimensions(storage, images, input.filePath);
  if (!dimensions) throw notInGallery();
  const [row] = await tx
    .insert(staticAttachments)
    .values({
      id: input.id,
      talentId,
      type: 'IMAGE',
      originalFileName: input.originalFileName,
      filePath: input.filePath,
      lockedFilePath: input.lockedFilePath,
      width: dimensions.width,
      height: dimensions.height,
      context: input.context ?? '',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DomainError('CONFLICT', talentMessages.attachmentExists);
  await recordTalentChange(tx, talentId, [{ entity: 'static_attachments', rowId: row.id }]);
  return staticAttachmentView(row);
}
