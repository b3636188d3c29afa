import { chats } from '@doppel/db';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { decodeCursor, encodeCursor, type KeysetSort, toPage } from './paging.ts';

const byUpdated: KeysetSort = { key: 'updatedAt', column: chats.updatedAt, kind: 'timestamp', direction: 'desc', id: chats.id };
const byCount: KeysetSort = { key: 'count', column: chats.chatMessageCount, kind: 'integer', direction: 'desc', id: chats.id };
const byName: KeysetSort = { key: 'name', column: chats.id, kind: 'text', direction: 'asc', id: chats.id };

const raw = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('admin list cursors', () => {
  it('round-trip a timestamp position to the microsecond, in URL-safe text', () => {
    const position = { value: '2025-03-04T05:06:07.123456Z', id: 'abc123' };
    const cursor = encodeCursor('updatedAt', position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, byUpdated)).toEqual(position);
  });

  it('round-trip integer and text positions, text with any characters', () => {
    expect(decodeCursor(encodeCursor('count', { value: '42', id: 'z9' }), byCount)).toEqual({ value: '42', id: 'z9' });
    const name = { value: 'Zoë\'s "FAQ" ✨', id: 'f1' };
    expect(decodeCursor(encodeCursor('name', name), byName)).toEqual(name);
  });

  it('refuse a cursor made for another sort', () => {
    const cursor = encodeCursor('createdAt', { value: '2025-03-04T05:06:07Z', id: 'abc' });
    expect(() => decodeCursor(cursor, byUpdated)).toThrow(DomainError);
  });

  it('refuse values that do not fit the sort, and text that is not a cursor, as bad input', () => {
    expect(() => decodeCursor(raw(['count', 'ten', 'abc']), byCount)).toThrow(/not valid/);
    expect(() => decodeCursor(raw(['updatedAt', '12', 'abc']), byUpdated)).toThrow(/not valid/);
    expect(() => decodeCursor(raw(['updatedAt', '2025-03-04T05:06:07Z', "x' or 1=1"]), byUpdated)).toThrow(/not valid/);
    expect(() => decodeCursor(raw(['name', 'a'.repeat(1001), 'abc']), byName)).toThrow(/not valid/);
    expect(() => decodeCursor(raw({ sort: 'updatedAt' }), byUpdated)).toThrow(/not valid/);
    expect(() => decodeCursor('not a cursor at all', byUpdated)).toThrow(/not valid/);
    const error = thrown(() => decodeCursor('%%%', byUpdated));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code, 'a bad cursor is bad input, not a server error').toBe('INVALID');
  });
});

describe('admin list cursors the database could not read', () => {
  it('refuse a timestamp that is no instant, and text with a control character, as bad input', () => {
    for (const value of ['9999-99-99T99:99:99Z', '2025-02-30T00:00:00Z', '2025-01-01T24:00:00Z', '0000-01-01T00:00:00Z']) {
      expect(() => decodeCursor(raw(['updatedAt', value, 'abc']), byUpdated), value).toThrow(/not valid/);
    }
    expect(() => decodeCursor(raw(['name', 'a\u0000b', 'abc']), byName)).toThrow(/not valid/);
    expect(() => decodeCursor(raw(['name', 'a\u001bb', 'abc']), byName)).toThrow(/not valid/);
  });

  it('keep the extremes that are real: the last microsecond of 9999, a leap day, the widest integer', () => {
    expect(decodeCursor(raw(['updatedAt', '9999-12-31T23:59:59.999999Z', 'abc']), byUpdated).value).toBe(
      '9999-12-31T23:59:59.999999Z',
    );
    expect(decodeCursor(raw(['updatedAt', '2024-02-29T12:00:00Z', 'abc']), byUpdated).value).toBe('2024-02-29T12:00:00Z');
    expect(decodeCursor(raw(['count', '-999999999999999999', 'abc']), byCount).value).toBe('-999999999999999999');
    expect(decodeCursor(raw(['name', 'tab\tand\nline', 'abc']), byName).value).toBe('tab\tand\nline');
  });
});

describe('toPage', () => {
  const rows = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: `id${index}`, sortValue: `${100 - index}` }));

  it('cuts one row past the page and points the cursor at the page’s last row', () => {
    const page = toPage(rows(4), byCount, 3);
    expect(page.rows.map((row) => row.id)).toEqual(['id0', 'id1', 'id2']);
    expect(decodeCursor(page.nextCursor ?? '', byCount)).toEqual({ value: '98', id: 'id2' });
  });

  it('ends the list when no row follows the page', () => {
    expect(toPage(rows(3), byCount, 3).nextCursor).toBeNull();
    expect(toPage([], byCount, 3)).toEqual({ rows: [], nextCursor: null });
  });
});
