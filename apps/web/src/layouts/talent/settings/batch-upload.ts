/** One file of a batch that did not make it, with the reason shown to the creator. */
export type BatchFailure = { fileName: string; message: string };

export type BatchResult<T> = { succeeded: T[]; failures: BatchFailure[] };

/**
 * Runs `handle` for each file of a multi-file upload one after another (a phone sends a few large
 * photos; one at a time keeps memory and the upload route calm) and collects every failure instead
 * of stopping at the first (docs/product-rules.md#errors-and-success-messages: failed uploads in a batch are collected). `check` rejects a
 * file before any upload, e.g. a wrong type.
 */
export async function runUploadBatch<F extends { name: string }, T>(
  files: readonly F[],
  handle: (file: F) => Promise<T>,
  options: {
    check?: (file: F) => string | null;
    describe?: (error: unknown) => string;
    onProgress?: (done: number) => void;
  } = {},
): Promise<BatchResult<T>> {
  const describe = options.describe ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)));
  const succeeded: T[] = [];
  const failures: BatchFailure[] = [];
  let done = 0;
  for (const file of files) {
    const problem = options.check?.(file) ?? null;
    if (problem) failures.push({ fileName: file.name, message: problem });
    else {
      try {
        succeeded.push(await handle(file));
      } catch (error) {
        failures.push({ fileName: file.name, message: describe(error) });
      }
    }
    done += 1;
    options.onProgress?.(done);
  }
  return { succeeded, failures };
}

/** The summary title for a batch with failures: "2 of 5 images could not be uploaded". */
export function batchFailureTitle(failed: number, total: number): string {
  const noun = total === 1 ? 'image' : 'images';
  return failed === total && total === 1
    ? 'The image could not be uploaded'
    : `${failed} of ${total} ${noun} could not be uploaded`;
}
