// The chat list's filter and sort in the address (?filter=…&sort=…), read and written by the
// shared list-params helpers. Pure, unit-tested.
import {
  type AdminChatFilter,
  type AdminChatSort,
  adminChatFilters,
  adminChatSorts,
  defaultAdminChatFilter,
  defaultAdminChatSort,
} from '@doppel/validation';
import { type ListParamsSpec, readListParams, writeListParams } from '../../../kit/list-params.ts';

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

/** Filter and sort from the address; anything unknown falls back to the defaults. */
export function readChatListParams(params: URLSearchParams): { filter: AdminChatFilter; sort: AdminChatSort } {
  return readListParams(params, chatListParams);
}

/** The address for a filter and sort: defaults are left out, other parameters kept. */
export function writeChatListParams(
  params: URLSearchParams,
  next: { filter: AdminChatFilter; sort: AdminChatSort },
): URLSearchParams {
  return writeListParams(params, chatListParams, next);
}
