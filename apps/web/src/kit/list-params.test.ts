import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './list-params.ts';

const spec = {
  filter: { options: ['PENDING', 'ACCEPTED', 'admins'], default: 'PENDING' },
  q: { text: true, maxLength: 10 },
} as const;

describe('list params in the address', () => {
  it('reads defaults when the address says nothing, or something unknown', () => {
    expect(readListParams(new URLSearchParams(''), spec)).toEqual({ filter: 'PENDING', q: '' });
    expect(readListParams(new URLSearchParams('filter=nope'), spec)).toEqual({ filter: 'PENDING', q: '' });
  });

  it('reads a choice and a trimmed, bounded search', () => {
    expect(readListParams(new URLSearchParams('filter=admins&q=%20mia%20'), spec)).toEqual({ filter: 'admins', q: 'mia' });
    expect(readListParams(new URLSearchParams(`q=${'x'.repeat(50)}`), spec).q).toHaveLength(10);
  });

  it('leaves defaults and empty searches out of the address and keeps other parameters', () => {
    const start = new URLSearchParams('tab=x&filter=admins&q=old');
    expect(writeListParams(start, spec, { filter: 'PENDING', q: '  ' }).toString()).toBe('tab=x');
    expect(writeListParams(start, spec, { q: 'new' }).toString()).toBe('tab=x&filter=admins&q=new');
  });
});
