// The local disk adapter of the domain's FileStorage port (FILES_DIR, default .data/files).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { contentTypeOfPath, type FileStorage, isSafeStoragePath } from '@doppel/domain/ports';

/**
 * Files on local disk under `rootDir`. Writes go to a temporary file that is renamed into place,
 * so a reader never sees half a file and a crash leaves no torn one. The content type is implied
 * by the extension, which the server derives from the sniffed type.
 */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const locate = (path: string): string | undefined => {
    if (!isSafeStoragePath(path)) return undefined;
    const full = resolve(join(root, path));
    return full.startsWith(root + sep) ? full : undefined;
  };
  return {
    async put(path, bytes, contentType) {
      const full = locate(path);
      if (!full) throw new Error(`Refusing to store a file at an unsafe path: ${JSON.stringify(path)}`);
      if (contentTypeOfPath(path) !== contentType) throw new Error(`${path} cannot hold ${contentType}`);
      await mkdir(dirname(full), { recursive: true });
      const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, full);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(path) {
      const full = locate(path);
      const contentType = contentTypeOfPath(path);
      if (!full || !contentType) return undefined;
      try {
        return { bytes: await readFile(full), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
          return undefined;
        throw error;
      }
    },
    async remove(path) {
      const full = locate(path);
      if (full) await rm(full, { force: true });
    },
    async exists(path) {
      const full = locate(path);
      if (!full) return false;
      try {
        return (await stat(full)).isFile();
      } catch {
        return false;
      }
    },
  };
}
