// The Conversations list's filter and search in the address (?filter=…&q=…), so a reload, a shared
// link or the way back from a chat keeps them. Pure, unit-tested.
import { type ConversationFilter, conversationFilters, conversationSearchMaxLength } from '@doppel/validation';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

export const conversationFilterLabels: Record<ConversationFilter, string> = {
  all: 'All',
  paying: 'Paying fans',
  subscribers: 'Subscribers',
  flagged: 'Flagged',
  thumbsDown: 'Thumbs down',
  held: 'To approve',
};

/** The list's address parameters, for the kit's useListParams. */
export const conversationListParams = {
  filter: { options: conversationFilters, default: 'all' },
  q: { text: true, maxLength: conversationSearchMaxLength },
} as const satisfies ListParamsSpec;
