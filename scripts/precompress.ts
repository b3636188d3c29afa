import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Source maps are left out on purpose: only developer tools fetch them, and whether they are served
// at all in production is decided elsewhere.
const textExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const binaryExtensions = new Set(['.ico']);
/** Below about a kilobyte the saving is smaller than a packet and not worth a second file. */
const minimumBytes = 1024;

export type CompressedFile = { path: string; bytes: number; brotli?: number; gzip?: number };

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible
 * file over a kilobyte in `dir`, keeping a variant only when it is smaller than the original. The
 * static handler serves them by Accept-Encoding, so the CPU cost is paid once at build time.
 */
export function compressDistFiles(dir: string): CompressedFile[] {
  const done: CompressedFile[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const extension = extname(entry.name).toLowerCase();
    const isText = textExtensions.has(extension);
    if (!isText && !binaryExtensions.has(extension)) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = statSync(path).size;
    if (bytes <= minimumBytes) continue;
    const original = readFileSync(path);
    const brotli = brotliCompressSync(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: isText ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      },
    });
    const gzip = gzipSync(original, { level: constants.Z_BEST_COMPRESSION });
    done.push({
      path,
      bytes,
      brotli: keepIfSmaller(`${path}.br`, brotli, bytes),
      gzip: keepIfSmaller(`${path}.gz`, gzip, bytes),
    });
  }
  return done;
}

// A variant that is not smaller would only cost the phone the decoding; a stale one from an earlier
// run into the same directory would serve old bytes, so it goes.
function keepIfSmaller(path: string, compressed: Buffer, originalBytes: number): number | undefined {
  if (compressed.length >= originalBytes) {
    rmSync(path, { force: true });
    return undefined;
  }
  writeFileSync(path, compressed);
  return compressed.length;
}
