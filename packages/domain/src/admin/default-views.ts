// Each admin list's default view (spec 2.5: the filter and sort a list opens with), in one place
// for the checks that every list stays fast on a large database: the plan test
// (list-plans.integration.test.ts) and the benchmark (bench/admin-lists.ts).
import type { Executor } from '@doppel/db';
import { defaultAdminChatFilter, defaultAdminChatSort } from '@doppel/validation';
import { listAdminChats } from './chats/list-chats.ts';
import { listDiscoverEntries } from './discover/discover-entries.ts';

export type AdminListView = (db: Executor, cursor: string | null) => Promise<{ nextCursor: string | null }>;

export const adminLists: Record<string, AdminListView> = {
  'chats (logged-in, last updated)': (db, cursor) =>
    listAdminChats(db, { filter: defaultAdminChatFilter, sort: defaultAdminChatSort, cursor }),
  'discover (by order)': (db, cursor) => listDiscoverEntries(db, { cursor }),
};
