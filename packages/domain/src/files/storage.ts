import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { contentTypes, type SniffedFileType } from './sniff.ts';

/** A stored file's bytes and the type it is served with. */
export type StoredFile = { bytes: Buffer; contentType: string };

/**
 * Where uploaded files live. Paths are relative, built by the server (`talents/{ownerId}/{kind}/{id}.{ext}`),
 * never from a user's file name. Local disk today; an S3-compatible adapter fits the same shape.
 */
export type FileStorage = {
  put: (path: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  read: (path: string) => Promise<StoredFile | undefined>;
  exists: (path: string) => Promise<boolean>;
};

// Segments of letters, digits, _ and -, the last with one known extension: no `..`, no `/` at
// either end, no backslashes, dots or NUL bytes anywhere else.
const safePath = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(jpg|png|webp|mp3|wav)$/;

/** What the server stores: every upload type, plus WAV voice notes made by the local voice engine. */
const storedContentTypes: Record<SniffedFileType | 'wav', string> = { ...contentTypes, wav: 'audio/wav' };

/** True for a relative storage path the server could have made; anything else is refused. */
export function isSafeStoragePath(path: string): boolean {
  return path.length <= 300 && safePath.test(path);
}

/** The content type a stored path is served with, from the extension the server gave it. */
export function contentTypeOfPath(path: string): string | undefined {
  const extension = safePath.exec(path)?.[1] as keyof typeof storedContentTypes | undefined;
  return extension ? storedContentTypes[extension] : undefined;
}

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
