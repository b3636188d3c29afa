import { describe, expect, it } from 'vitest';
import { attachmentSrc, pictureSrc } from './media-src.ts';

describe('pictureSrc', () => {
  it('keeps app paths and absolute URLs, and serves bare storage paths from /files', () => {
    expect(pictureSrc('/files/talents/t1/me.jpg')).toBe('/files/talents/t1/me.jpg');
    expect(pictureSrc('https://cdn.example/me.jpg')).toBe('https://cdn.example/me.jpg');
    expect(pictureSrc('talents/t1/profile-picture.jpg')).toBe('/files/talents/t1/profile-picture.jpg');
    expect(pictureSrc(null)).toBeUndefined();
    expect(pictureSrc('')).toBeUndefined();
  });
});

describe('attachmentSrc', () => {
  it('gives an unlocked attachment an address of its own', () => {
    expect(attachmentSrc('/media/m1/0', false)).toBe('/media/m1/0');
    expect(attachmentSrc('/media/m1/0', true)).toBe('/media/m1/0?unlocked=1');
    expect(attachmentSrc('/media/m1/0?x=1', true)).toBe('/media/m1/0?x=1&unlocked=1');
  });
});
