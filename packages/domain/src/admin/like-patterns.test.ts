import { describe, expect, it } from 'vitest';
import { likeContains, likePrefix } from './like-patterns.ts';

describe('LIKE patterns from a search', () => {
  it('match a prefix with the wildcards and the escape character taken literally', () => {
    expect(likePrefix('ana@')).toBe('ana@%');
    expect(likePrefix('a_b%c\\d')).toBe('a\\_b\\%c\\\\d%');
    expect(likePrefix('')).toBe('%');
  });

  it('match a part anywhere, escaped the same way', () => {
    expect(likeContains('50%')).toBe('%50\\%%');
    expect(likeContains('mia')).toBe('%mia%');
  });
});
