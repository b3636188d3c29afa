// The one shape of every admin list (docs/product-rules.md#lists-and-create-screens "Load more"): a page of items and an opaque cursor
// that continues after the page's last item. Sections add their own filters and sorts.
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';

/** Items per page of every admin list (docs/product-rules.md#calls: lists load 50 at a time). */
export const adminPageSize = 50;

/** The opaque position after the previous page's last item (`nextCursor`); absent for the first page. */
export const adminCursor = singleLineText().max(2000).nullish();

/** A list input: the section's filters and sorts (with their defaults) plus the cursor. */
export function adminListInput<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, cursor: adminCursor });
}

/** A list answer: one page of `item` and the cursor of the next page, null on the last one. */
export function adminListOutput<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** An id in an admin payload: non-empty, trimmed, bounded. */
export const adminId = (label: string) => singleLineText().min(1, `${label} is not defined`).max(100);
