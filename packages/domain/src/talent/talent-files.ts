import { type FileStorage, isSafeStoragePath } from '../ports/file-storage.ts';
import type { ImageDimensions, ImageProcessing } from '../ports/images.ts';

/** The folder `files.upload` stores a twin's files of one purpose in. */
export const talentFolder = (talentId: string, purpose?: 'gallery' | 'gallery-locked' | 'profile-picture') =>
  purpose ? `talents/${talentId}/${purpose}/` : `talents/${talentId}/`;

/** True when `path` is a stored file the server could have made, inside `folder`. */
export async function isStoredIn(storage: FileStorage, path: string, folder: string): Promise<boolean> {
  return path.startsWith(folder) && isSafeStoragePath(path) && !path.endsWith('.mp3') && (await storage.exists(path));
}

/**
 * The real size of a stored image, read from the file (the client's numbers are not trusted):
 * uploads are normalised (EXIF orientation applied), so the header's size is what people see.
 */
export async function storedImageDimensions(
  storage: FileStorage,
  images: ImageProcessing,
  path: string,
): Promise<ImageDimensions | undefined> {
  const file = await storage.read(path);
  return file ? images.dimensions(file.bytes) : undefined;
}
