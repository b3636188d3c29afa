import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.ts';

const root = mkdtempSync(join(tmpdir(), 'doppel-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local disk storage', () => {
  const storage = createLocalDiskStorage(root);

  it('stores, reads back and reports a file, leaving no temporary files', async () => {
    await storage.put('talents/t1/gallery/f1.png', Buffer.from('png bytes'), 'image/png');
    expect(await storage.exists('talents/t1/gallery/f1.png')).toBe(true);
    const stored = await storage.read('talents/t1/gallery/f1.png');
    expect(stored?.bytes.toString()).toBe('png bytes');
    expect(stored?.contentType).toBe('image/png');
    expect(readdirSync(join(root, 'talents/t1/gallery'))).toEqual(['f1.png']);
  });

  it('answers undefined for a missing or unsafe path and refuses to write one', async () => {
    expect(await storage.read('talents/t1/gallery/missing.png')).toBeUndefined();
    expect(await storage.read('../outside.png')).toBeUndefined();
    expect(await storage.exists('../outside.png')).toBe(false);
    await expect(storage.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe path/);
    await expect(storage.put('talents/t1/a.png', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/cannot hold/);
  });
});
