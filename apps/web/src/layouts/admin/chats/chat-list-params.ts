// The chat list's filter and sort live in the address (?filter=…&sort=…), so a reload or the way
// back from a chat keeps them. Pure, unit-tested.
import {
  type AdminChatFilter,
  type AdminChatSort,
  adminChatFilters,
  adminChatSorts,
  defaultAdminChatFilter,
  defaultAdminChatSort,
} from '@doppel/validation';

/** The filters as the spec names them (2.5), in its order; `all` last. */
export const chatFilterLabels: Record<AdminChatFilter, string> = {
  hasUserInteraction: 'With user interaction',
  hasUserInteractionWithNonAnonymousUser: 'Logged-in user',
  hasUserInteractionWithPaidCredits: 'Paid credits',
  hasUserInteractionWithSubscription: 'Subscription',
  hasUserInteractionWithManager: 'Talent manager',
  all: 'All chats',
};

export const chatSortLabels: Record<AdminChatSort, string> = {
  createdAt: 'Last created',
  updatedAt: 'Last updated',
  chatMessageCount: 'Messages',
};

const isFilter = (value: string | null): value is AdminChatFilter =>
  value !== null && (adminChatFilters as readonly string[]).includes(value);
const isSort = (value: string | null): value is AdminChatSort =>
  value !== null && (adminChatSorts as readonly string[]).includes(value);

/** Filter and sort from the address; anything unknown falls back to the defaults. */
export function readChatListParams(params: URLSearchParams): { filter: AdminChatFilter; sort: AdminChatSort } {
  const filter = params.get('filter');
  const sort = params.get('sort');
  return {
    filter: isFilter(filter) ? filter : defaultAdminChatFilter,
    sort: isSort(sort) ? sort : defaultAdminChatSort,
  };
}

/** The address for a filter and sort: defaults are left out, other parameters kept. */
export function writeChatListParams(
  params: URLSearchParams,
  next: { filter: AdminChatFilter; sort: AdminChatSort },
): URLSearchParams {
  const result = new URLSearchParams(params);
  if (next.filter === defaultAdminChatFilter) result.delete('filter');
  else result.set('filter', next.filter);
  if (next.sort === defaultAdminChatSort) result.delete('sort');
  else result.set('sort', next.sort);
  return result;
}
