import { describe, expect, it } from 'vitest';
import { likePrefix } from './list-users.ts';

describe('likePrefix', () => {
  it('matches the text literally, then anything', () => {
    expect(likePrefix('ana@')).toBe('ana@%');
    expect(likePrefix('a_b%c\\d')).toBe('a\\_b\\%c\\\\d%');
    expect(likePrefix('')).toBe('%');
  });
});
