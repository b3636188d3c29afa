import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from '../../../kit/list-params.ts';
import { chatListParams } from './chat-list-params.ts';

const readChatListParams = (params: URLSearchParams) => readListParams(params, chatListParams);
const writeChatListParams = (params: URLSearchParams, next: Parameters<typeof writeListParams<typeof chatListParams>>[2]) =>
  writeListParams(params, chatListParams, next);

describe('chat list address parameters', () => {
  it('defaults to logged-in users, last updated first', () => {
    expect(readChatListParams(new URLSearchParams())).toEqual({
      filter: 'hasUserInteractionWithNonAnonymousUser',
      sort: 'updatedAt',
    });
  });

  it('reads a known filter and sort, and ignores unknown ones', () => {
    expect(readChatListParams(new URLSearchParams('filter=hasUserInteractionWithPaidCredits&sort=chatMessageCount'))).toEqual({
      filter: 'hasUserInteractionWithPaidCredits',
      sort: 'chatMessageCount',
    });
    expect(readChatListParams(new URLSearchParams('filter=drop&sort=random'))).toEqual({
      filter: 'hasUserInteractionWithNonAnonymousUser',
      sort: 'updatedAt',
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeChatListParams(new URLSearchParams('x=1&filter=all'), {
      filter: 'hasUserInteractionWithNonAnonymousUser',
      sort: 'createdAt',
    });
    expect(written.toString()).toBe('x=1&sort=createdAt');
    expect(readChatListParams(writeChatListParams(new URLSearchParams(), { filter: 'all', sort: 'updatedAt' }))).toEqual({
      filter: 'all',
      sort: 'updatedAt',
    });
  });
});
