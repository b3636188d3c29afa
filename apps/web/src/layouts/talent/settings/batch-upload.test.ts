import { describe, expect, it } from 'vitest';
import { batchFailureTitle, runUploadBatch } from './batch-upload.ts';

const file = (name: string) => ({ name });

describe('runUploadBatch', () => {
  it('uploads every file in order and collects each failure with its file name', async () => {
    const seen: string[] = [];
    const progress: number[] = [];
    const result = await runUploadBatch(
      [file('a.png'), file('b.gif'), file('c.png'), file('d.png')],
      async (f) => {
        seen.push(f.name);
        if (f.name === 'c.png') throw new Error('The file is not an allowed image');
        return f.name.toUpperCase();
      },
      {
        check: (f) => (f.name.endsWith('.gif') ? 'Please choose a JPG, JPEG, PNG or WEBP image' : null),
        onProgress: (done) => progress.push(done),
      },
    );
    expect(seen, 'a rejected file is never uploaded; a failure does not stop the batch').toEqual(['a.png', 'c.png', 'd.png']);
    expect(result.succeeded).toEqual(['A.PNG', 'D.PNG']);
    expect(result.failures).toEqual([
      { fileName: 'b.gif', message: 'Please choose a JPG, JPEG, PNG or WEBP image' },
      { fileName: 'c.png', message: 'The file is not an allowed image' },
    ]);
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('describes non-Error failures with the given describer', async () => {
    const result = await runUploadBatch([file('x.png')], () => Promise.reject({ weird: true }), {
      describe: () => 'An error has occured, please try again later.',
    });
    expect(result).toEqual({
      succeeded: [],
      failures: [{ fileName: 'x.png', message: 'An error has occured, please try again later.' }],
    });
  });

  it('returns nothing for an empty batch', async () => {
    expect(await runUploadBatch([], async () => 1)).toEqual({ succeeded: [], failures: [] });
  });
});

describe('batchFailureTitle', () => {
  it('counts the failures against the batch', () => {
    expect(batchFailureTitle(1, 1)).toBe('The image could not be uploaded');
    expect(batchFailureTitle(2, 5)).toBe('2 of 5 images could not be uploaded');
    expect(batchFailureTitle(3, 3)).toBe('3 of 3 images could not be uploaded');
  });
});
