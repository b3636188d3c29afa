import { describe, expect, it } from 'vitest';
import { contentTypeOfPath, isSafeStoragePath } from './file-storage.ts';

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
    expect(contentTypeOfPath('exports/u1/e1.zip')).toBe('application/zip');
    expect(contentTypeOfPath('talents/t/knowledge/k.pdf')).toBe('application/pdf');
    expect(contentTypeOfPath('talents/t/knowledge/k.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOfPath('a/b.html')).toBeUndefined();
    expect(contentTypeOfPath('a/b.exe')).toBeUndefined();
  });
});
