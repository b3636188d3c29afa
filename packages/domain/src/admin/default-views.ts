// Each admin list's default view (docs/product-rules.md#admin-back-office: the filter and sort a list opens with), in one place
// for the checks that every list stays fast on a large database: the plan test
// (list-plans.integration.test.ts) and the benchmark (bench/admin-lists.ts).
import type { Executor } from '@doppel/db';
import {
  defaultAdminChatFilter,
  defaultAdminChatSort,
  defaultAdminReactionFilter,
  defaultAdminTalentSort,
  defaultAdminUserFilter,
} from '@doppel/validation';
import { listAdminChats } from './chats/list-chats.ts';
import { listDiscoverEntries } from './discover/discover-entries.ts';
import { listAdminFaqs } from './faqs/list-faqs.ts';
import { listAdminPayments } from './payments/list-payments.ts';
import { listAdminReactions } from './reactions/list-reactions.ts';
import { listTalentBroadcasts, listTalentPayouts } from './talent-tabs/index.ts';
import { listAdminTalents } from './talents/list-talents.ts';
import { listAdminUsers } from './users/list-users.ts';

/** The bulk data's first talent (packages/db/src/bulk-seed.ts). */
const bulkTalentId = 'bt1';

export type AdminListView = (db: Executor, cursor: string | null) => Promise<{ nextCursor: string | null }>;

export const adminLists: Record<string, AdminListView> = {
  'talents (most chats first)': (db, cursor) => listAdminTalents(db, { search: '', sort: defaultAdminTalentSort, cursor }),
  'chats (logged-in, last updated)': (db, cursor) =>
    listAdminChats(db, { filter: defaultAdminChatFilter, sort: defaultAdminChatSort, cursor }),
  'discover (by order)': (db, cursor) => listDiscoverEntries(db, { cursor }),
  'reactions (thumbs down, newest first)': (db, cursor) => listAdminReactions(db, { filter: defaultAdminReactionFilter, cursor }),
  'faqs (global, by name)': (db, cursor) => listAdminFaqs(db, { cursor }),
  'users (waitlist pending, newest first)': (db, cursor) =>
    listAdminUsers(db, { filter: defaultAdminUserFilter, search: '', cursor }),
  'payments (sandbox hidden, newest first)': (db, cursor) =>
    listAdminPayments(db, { showSandbox: false, priceType: 'all', cursor }),
  // A talent with many payouts and broadcasts: the bulk data gives `bt1` its share of both.
  'talent payouts (newest first)': (db, cursor) => listTalentPayouts(db, { talentId: bulkTalentId, cursor }),
  'talent broadcasts (latest scheduled first)': (db, cursor) => listTalentBroadcasts(db, { talentId: bulkTalentId, cursor }),
};
