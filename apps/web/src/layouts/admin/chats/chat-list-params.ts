// The chat list's filter and sort in the address (?filter=…&sort=…), read and written by the
// kit's useListParams. Pure, unit-tested.
import {
  type AdminChatFilter,
  type AdminChatSort,
  adminChatFilters,
  adminChatSorts,
  defaultAdminChatFilter,
  defaultAdminChatSort,
} from '@doppel/validation';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

/** The filters in the order of docs/product-rules.md#admin-back-office; `all` last. */
export const chatFilterLabels: Record<AdminChatFilter, string> = {
  hasUserInteraction: 'With user interaction',
  hasUserInteractionWithNonAnonymousUser: 'Logged-in user',
  hasUserInteractionWithPaidCredits: 'Paid credits',
  hasUserInteractionWithSubscription: 'Subscription',
  hasUserInteractionWithManager: 'Talent manager',
  needsSafetyReview: 'Safety',
  all: 'All chats',
};

export const chatSortLabels: Record<AdminChatSort, string> = {
  createdAt: 'Last created',
  updatedAt: 'Last updated',
  chatMessageCount: 'Messages',
};

/** The list's address parameters (docs/product-rules.md#admin-back-office: default filter "logged-in", default sort last updated). */
export const chatListParams = {
  filter: { options: adminChatFilters, default: defaultAdminChatFilter },
  sort: { options: adminChatSorts, default: defaultAdminChatSort },
} as const satisfies ListParamsSpec;
