import { describe, expect, it } from 'vitest';
import { checkImageFile } from './image-file.ts';

describe('checkImageFile', () => {
  it('accepts the four picture extensions in any case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.WebP']) expect(checkImageFile({ name, size: 10 })).toBeNull();
  });

  it('refuses other names, empty and oversized files', () => {
    expect(checkImageFile({ name: 'a.gif', size: 10 })).toMatch(/JPG, JPEG, PNG or WEBP/);
    expect(checkImageFile({ name: 'png', size: 10 })).toMatch(/JPG/);
    expect(checkImageFile({ name: 'a.png', size: 0 })).toBe('The file is empty');
    expect(checkImageFile({ name: 'a.png', size: 11 * 1024 * 1024 })).toMatch(/larger than 10 MB/);
  });
});
