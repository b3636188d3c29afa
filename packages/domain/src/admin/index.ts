// What the admin back-office's sections share: keyset paging and saved list views. Each section
// is its own entry point (`@doppel/domain/admin/<section>`).

export { type AdminListView, adminLists } from './default-views.ts';
export {
  afterCursor,
  decodeCursor,
  encodeCursor,
  type KeysetSort,
  keysetOrder,
  pageLimit,
  type SortValueKind,
  sortValueOf,
  toPage,
} from './paging.ts';
