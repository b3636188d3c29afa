import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { decodeChatListCursor, encodeChatListCursor } from './cursor.ts';

describe('admin chat list cursor', () => {
  it('round-trips a timestamp position to the microsecond', () => {
    const position = { sort: 'updatedAt', value: '2025-03-04T05:06:07.123456Z', id: 'abc123' } as const;
    const cursor = encodeChatListCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeChatListCursor(cursor, 'updatedAt')).toEqual(position);
  });

  it('round-trips a message-count position', () => {
    const cursor = encodeChatListCursor({ sort: 'chatMessageCount', value: '42', id: 'z9' });
    expect(decodeChatListCursor(cursor, 'chatMessageCount')).toEqual({ sort: 'chatMessageCount', value: '42', id: 'z9' });
  });

  it('refuses a cursor made for another sort', () => {
    const cursor = encodeChatListCursor({ sort: 'createdAt', value: '2025-03-04T05:06:07Z', id: 'abc' });
    expect(() => decodeChatListCursor(cursor, 'updatedAt')).toThrow(DomainError);
  });

  it('refuses values that do not fit the sort, and text that is not a cursor', () => {
    const bad = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    expect(() => decodeChatListCursor(bad(['chatMessageCount', 'ten', 'abc']), 'chatMessageCount')).toThrow(/not valid/);
    expect(() => decodeChatListCursor(bad(['createdAt', '12', 'abc']), 'createdAt')).toThrow(/not valid/);
    expect(() => decodeChatListCursor(bad(['createdAt', '2025-03-04T05:06:07Z', "x' or 1=1"]), 'createdAt')).toThrow(/not valid/);
    expect(() => decodeChatListCursor(bad({ sort: 'createdAt' }), 'createdAt')).toThrow(/not valid/);
    expect(() => decodeChatListCursor('not a cursor at all', 'createdAt')).toThrow(/not valid/);
    const error = (() => {
      try {
        decodeChatListCursor('%%%', 'createdAt');
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code, 'a bad cursor is bad input, not a server error').toBe('INVALID');
  });
});
