import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTypeOfPath, createLocalDiskStorage, isSafeStoragePath } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'doppel-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('storage paths', () => {
  it('accepts the paths the server makes', () => {
    expect(isSafeStoragePath('talents/abc123/profile-picture/x1y2.jpg')).toBe(true);
    expect(isSafeStoragePath('public/gallery/id_1.webp')).toBe(true);
  });

  it('refuses traversal, absolute paths, odd characters and unknown extensions', () => {
    for (const path of [
      '../secret.jpg',
      'talents/../../etc/passwd.png',
      '/etc/x.png',
      'talents//x.png',
      'talents/x.png/',
      'talents\\x.png',
      'talents/%2e%2e/x.png',
      'talents/x.png\u0000.jpg',
      'talents/x.svg',
      'talents/x.html',
      'talents/x',
      '',
    ]) {
      expect(isSafeStoragePath(path), path).toBe(false);
    }
  });

  it('serves each extension with its content type', () => {
    expect(contentTypeOfPath('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeOfPath('a/b.png')).toBe('image/png');
    expect(contentTypeOfPath('a/b.webp')).toBe('image/webp');
    expect(contentTypeOfPath('a/b.mp3')).toBe('audio/mpeg');
    expect(contentTypeOfPath('talents/t/voice-notes/n.wav')).toBe('audio/wav');
    expect(contentTypeOfPath('a/b.txt')).toBeUndefined();
  });
});

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
