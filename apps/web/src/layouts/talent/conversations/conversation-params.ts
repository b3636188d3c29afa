// The Conversations list's filter and search in the address (?filter=…&q=…), so a reload, a shared
// link or the way back from a chat keeps them. Pure, unit-tested.
import { type ConversationFilter, conversationFilters, conversationSearchMaxLength } from '@doppel/validation';
import { type ListParamsSpec, readListParams, writeListParams } from '../../../kit/list-params.ts';

export const conversationFilterLabels: Record<ConversationFilter, string> = {
  all: 'All',
  paying: 'Paying fans',
  subscribers: 'Subscribers',
  flagged: 'Flagged',
  thumbsDown: 'Thumbs down',
  held: 'To approve',
};

const spec = {
  filter: { options: conversationFilters, default: 'all' },
  q: { text: true, maxLength: conversationSearchMaxLength },
} as const satisfies ListParamsSpec;

export type ConversationParams = { filter: ConversationFilter; q: string };

/** Filter and search from the address; an unknown filter falls back to all. */
export function readConversationParams(params: URLSearchParams): ConversationParams {
  return readListParams(params, spec);
}

/** The address for a filter and search: defaults and an empty search are left out. */
export function writeConversationParams(params: URLSearchParams, next: Partial<ConversationParams>): URLSearchParams {
  return writeListParams(params, spec, next);
}
