import { describe, expect, it } from 'vitest';
import { uniqueById } from './unique-by-id.ts';

describe('uniqueById', () => {
  it('keeps page order and lists an item that sits on two pages once', () => {
    const pages = [{ items: [{ id: 'c' }, { id: 'b' }] }, { items: [{ id: 'b' }, { id: 'a' }] }];
    expect(uniqueById(pages).map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(uniqueById([])).toEqual([]);
  });
});
