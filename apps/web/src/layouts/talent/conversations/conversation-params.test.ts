import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from '../../../kit/list-params.ts';
import { conversationListParams } from './conversation-params.ts';

const readConversationParams = (params: URLSearchParams) => readListParams(params, conversationListParams);
const writeConversationParams = (
  params: URLSearchParams,
  next: Parameters<typeof writeListParams<typeof conversationListParams>>[2],
) => writeListParams(params, conversationListParams, next);

describe('conversation list address', () => {
  it('reads the filter and search, falling back to all for an unknown filter', () => {
    expect(readConversationParams(new URLSearchParams('filter=paying&q=%20paella%20'))).toEqual({
      filter: 'paying',
      q: 'paella',
    });
    expect(readConversationParams(new URLSearchParams('filter=vip'))).toEqual({ filter: 'all', q: '' });
  });

  it('leaves defaults out of the address and keeps other parameters', () => {
    const written = writeConversationParams(new URLSearchParams('filter=flagged&x=1'), { filter: 'all', q: 'hi' });
    expect(written.toString()).toBe('x=1&q=hi');
    expect(writeConversationParams(written, { q: ' ' }).toString()).toBe('x=1');
  });
});
