// The admin FAQ list (docs/product-rules.md#admin-back-office): global FAQs only (no talent), by name, 50 a page by keyset.
import { type Executor, faqItems, faqs } from '@doppel/db';
import { type AdminFaqsListOutput, adminPageSize } from '@doppel/validation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/** By name, then id; the partial index faqs_global_name_id_idx (name, id) where talent_id is null serves it. */
const byName: KeysetSort = { key: 'name', column: faqs.name, kind: 'text', direction: 'asc', id: faqs.id };

/** `admin.faqs.list`: one page of global FAQs with their question counts; `nextCursor` continues. */
export async function listAdminFaqs(db: Executor, input: { cursor?: string | null | undefined }): Promise<AdminFaqsListOutput> {
  const rows = await db
    .select({
      id: faqs.id,
      name: faqs.name,
      updatedAt: faqs.updatedAt,
      // One index probe per FAQ of the page (faq_items_faq_position_unique starts with faq_id).
      itemCount: sql<number>`(select count(*)::int from ${faqItems} where ${eq(faqItems.faqId, faqs.id)})`,
      sortValue: sortValueOf(byName),
    })
    .from(faqs)
    .where(and(isNull(faqs.talentId), afterCursor(byName, input.cursor)))
    .orderBy(...keysetOrder(byName))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, byName, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      itemCount: Number(row.itemCount),
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
