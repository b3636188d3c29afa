import { type Executor, paymentLedger, payments, products, talents } from '@doppel/db';
import type { PurchaseView } from '@doppel/validation';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../admin/paging.ts';
import { DomainError } from '../errors.ts';
import { providerOfKey } from './record-payment.ts';
import { type LedgerAmounts, reversedAmount } from './rules.ts';

export const purchaseHistoryPageSize = 20;

const newestFirst: KeysetSort = {
  key: 'created',
  column: payments.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: payments.id,
};

/** What became of a payment, from its ledger: paid, (partly) refunded, or under dispute. */
export function purchaseStatus(price: number, entries: readonly LedgerAmounts[]): PurchaseView['status'] {
  const openDispute =
    entries.some((entry) => entry.kind === 'REVERSAL' && entry.reason === 'DISPUTE') && reversedAmount(entries, 'DISPUTE') > 0;
  if (openDispute) return 'DISPUTED';
  const refunded = reversedAmount(entries);
  if (refunded <= 0) return 'PAID';
  return refunded >= price ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/** The fan's own purchases, newest first, 20 a page, each with its status and receipt reference. */
export async function purchaseHistory(
  db: Executor,
  viewer: Viewer,
  input: { cursor?: string | undefined },
): Promise<{ items: PurchaseView[]; nextCursor: string | null }> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const rows = await db
    .select({
      id: payments.id,
      payment: payments,
      productName: products.name,
      talent: { name: talents.name, tag: talents.tag },
      sortValue: sortValueOf(newestFirst),
    })
    .from(payments)
    .leftJoin(products, eq(products.id, payments.productId))
    .leftJoin(talents, eq(talents.id, payments.talentId))
    .where(and(eq(payments.userId, viewer.id), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(purchaseHistoryPageSize));
  const page = toPage(rows, newestFirst, purchaseHistoryPageSize);
  const ids = page.rows.map((row) => row.id);
  const entries = ids.length
    ? await db.select().from(paymentLedger).where(inArray(paymentLedger.paymentId, ids)).orderBy(desc(paymentLedger.createdAt))
    : [];
  return {
    nextCursor: page.nextCursor,
    items: page.rows.map(({ payment, productName, talent }) => {
      const own = entries.filter((entry) => entry.paymentId === payment.id);
      const purchase = own.find((entry) => entry.kind === 'PURCHASE');
      return {
        id: payment.id,
        createdAt: payment.createdAt.toISOString(),
        productName: productName ?? 'Removed product',
        priceType: payment.productPriceType,
        price: { amount: payment.priceAmount, fractionDigits: payment.priceFractionDigits, currency: payment.priceCurrency },
        credits: purchase?.paidCredits ?? 0,
        status: purchaseStatus(payment.priceAmount, own),
        refundedAmount: reversedAmount(own),
        provider: providerOfKey(payment.movementKey),
        reference:
          payment.stripeInvoiceId ??
          payment.stripePaymentIntentId ??
          payment.appleTransactionId ??
          payment.googleTransactionId ??
          null,
        isSandbox: payment.isSandbox,
        talent: talent?.tag ? { name: talent.name, tag: talent.tag } : null,
      };
    }),
  };
}
