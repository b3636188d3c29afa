// Keyset paging for every admin list: a page ends at its last row's (sort value, id), and the next
// page starts strictly after that pair. Unlike OFFSET, a page costs the same however deep it is,
// and rows written meanwhile never shift a page or repeat a row. The id breaks ties, so rows that
// share a sort value (the same name, the same second) are neither skipped nor shown twice.
import { hasControlCharacters } from '@doppel/validation';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

/** How a sort value is carried in a cursor and compared in SQL. */
export type SortValueKind = 'timestamp' | 'integer' | 'text';

/** One way a list can be ordered: a column, its kind and direction, and the id that breaks ties. */
export type KeysetSort = {
  /** Named in the cursor, so a cursor made for another sort is refused rather than misread. */
  key: string;
  column: AnyColumn;
  kind: SortValueKind;
  direction: 'asc' | 'desc';
  id: AnyColumn;
};

type Position = { value: string; id: string };

// Timestamps travel as the database prints them, to the microsecond, so the next page starts
// exactly after the last row even when many rows share the same millisecond.
const valueShapes: Record<SortValueKind, RegExp> = {
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/,
  integer: /^-?\d{1,18}$/,
  text: /^[\s\S]{0,1000}$/,
};
const idShape = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Whether a cursor's value is one the database takes for the sort's kind. The shape alone let
 * `9999-99-99T99:99:99Z` (no such date) and a NUL in text through to Postgres, which answered 500.
 * Integers of up to 18 digits always fit a bigint.
 */
function fitsKind(kind: SortValueKind, value: string): boolean {
  if (!valueShapes[kind].test(value)) return false;
  if (kind === 'text') return !hasControlCharacters(value);
  if (kind === 'timestamp') {
    // A real instant: the date read back prints the same (no 31 February, no hour 25). Year 0 is no year in Postgres.
    const seconds = value.slice(0, 19);
    const date = new Date(`${seconds}Z`);
    return !seconds.startsWith('0000') && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(seconds);
  }
  return true;
}

function invalidCursor(): DomainError {
  return new DomainError('INVALID', 'This list position is not valid any more; reload the list.');
}

/** The opaque `nextCursor` handed to the client. */
export function encodeCursor(sortKey: string, position: Position): string {
  return Buffer.from(JSON.stringify([sortKey, position.value, position.id]), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back for `sort`. Text that is not ours, a cursor made for another sort, or a
 * value that does not fit the sort's kind is refused (INVALID), never silently restarted.
 */
export function decodeCursor(cursor: string, sort: Pick<KeysetSort, 'key' | 'kind'>): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string')) throw invalidCursor();
  const [key, value, id] = parsed as [string, string, string];
  if (key !== sort.key || !idShape.test(id) || !fitsKind(sort.kind, value)) throw invalidCursor();
  return { value, id };
}

/** The sort value as text a cursor can carry. Select it as `sortValue` beside the row. */
export function sortValueOf(sort: KeysetSort): SQL<string> {
  if (sort.kind === 'timestamp') return sql<string>`to_char(${sort.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string>`${sort.column}::text`;
}

function typedValue(sort: KeysetSort, value: string): SQL {
  if (sort.kind === 'timestamp') return sql`${value}::timestamptz`;
  if (sort.kind === 'integer') return sql`${value}::bigint`;
  return sql`${value}::text`;
}

/**
 * Rows after the cursor: `(value, id) < (cursor value, cursor id)` when descending, `>` when
 * ascending. A (column, id) index serves the row comparison as one range scan from the cursor.
 * Undefined for the first page, so it drops out of drizzle's `and(…)`.
 */
export function afterCursor(sort: KeysetSort, cursor: string | null | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor, sort);
  const comparison = sort.direction === 'desc' ? sql`<` : sql`>`;
  return sql`(${sort.column}, ${sort.id}) ${comparison} (${typedValue(sort, position.value)}, ${position.id})`;
}

/** The list's order: the sort column, then the id, both in the sort's direction. */
export function keysetOrder(sort: KeysetSort): SQL[] {
  const direction = sort.direction === 'desc' ? desc : asc;
  return [direction(sort.column), direction(sort.id)];
}

/** Fetch one row more than a page: its presence says whether a next page exists. */
export function pageLimit(pageSize: number): number {
  return pageSize + 1;
}

/**
 * Cuts the fetched rows (up to `pageLimit(pageSize)`) to one page and makes the cursor after its
 * last row, null when nothing follows.
 */
export function toPage<Row extends { id: string; sortValue: string }>(
  rows: Row[],
  sort: KeysetSort,
  pageSize: number,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > pageSize && last ? encodeCursor(sort.key, { value: last.sortValue, id: last.id }) : null,
  };
}
