// The admin payments list (docs/product-rules.md#admin-back-office): newest first, sandbox payments hidden unless asked for, one
// price type or all, 50 a page by keyset. Each payment's status comes from its ledger entries, read
// for the whole page in one probe of payment_ledger_payment_idx, by the rule the fan's purchase
// history uses (payments/history.ts).
import { type Executor, paymentLedger, payments, products, talents, users } from '@doppel/db';
import {
  type AdminPaymentPriceTypeFilter,
  type AdminPaymentRow,
  type AdminPaymentsListOutput,
  adminPageSize,
  adminPaymentPriceTypeFilters,
  type PaymentProblem,
  type ProductPriceType,
} from '@doppel/validation';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { purchaseStatus } from '../../payments/history.ts';
import { type LedgerAmounts, reversedAmount } from '../../payments/rules.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';
import { paymentProviderOf } from './payment-provider.ts';

/**
 * Newest first by (created_at, id). Without sandbox payments, payments_live_created_id_idx (partial:
 * `where not is_sandbox`) serves it; with them, payments_created_id_idx.
 */
const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: payments.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: payments.id,
};

/**
 * Spelled as the partial index declares it, a literal rather than a parameter: a prepared
 * statement's generic plan can use the partial index only when the predicate matches its own.
 */
const liveOnly = sql`not ${payments.isSandbox}`;

function priceTypeCondition(priceType: AdminPaymentPriceTypeFilter): SQL | undefined {
  return priceType === 'all' ? undefined : eq(payments.productPriceType, priceType);
}

export const adminPaymentRowColumns = {
  id: payments.id,
  createdAt: payments.createdAt,
  priceAmount: payments.priceAmount,
  priceFractionDigits: payments.priceFractionDigits,
  priceCurrency: payments.priceCurrency,
  originalPriceAmount: payments.originalPriceAmount,
  originalPriceFractionDigits: payments.originalPriceFractionDigits,
  originalPriceCurrency: payments.originalPriceCurrency,
  priceType: payments.productPriceType,
  productName: products.name,
  appleTransactionId: payments.appleTransactionId,
  googleTransactionId: payments.googleTransactionId,
  isSandbox: payments.isSandbox,
  problem: payments.problem,
  problemReason: payments.problemReason,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  userIsAnonymous: users.isAnonymous,
  talentId: talents.id,
  talentName: talents.name,
  talentTag: talents.tag,
};

export type AdminPaymentRowRecord = {
  id: string;
  createdAt: Date;
  priceAmount: number;
  priceFractionDigits: number;
  priceCurrency: string;
  originalPriceAmount: number;
  originalPriceFractionDigits: number;
  originalPriceCurrency: string;
  priceType: ProductPriceType;
  productName: string | null;
  appleTransactionId: string | null;
  googleTransactionId: string | null;
  isSandbox: boolean;
  problem: PaymentProblem | null;
  problemReason: string | null;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  userIsAnonymous: boolean | null;
  talentId: string | null;
  talentName: string | null;
  talentTag: string | null;
};

/** The row as the screens show it, with the status its ledger entries give it. */
export function toAdminPaymentRow(row: AdminPaymentRowRecord, ledger: readonly LedgerAmounts[]): AdminPaymentRow {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    price: { amount: row.priceAmount, fractionDigits: row.priceFractionDigits, currency: row.priceCurrency },
    originalPrice: {
      amount: row.originalPriceAmount,
      fractionDigits: row.originalPriceFractionDigits,
      currency: row.originalPriceCurrency,
    },
    priceType: row.priceType,
    productName: row.productName,
    user: row.userId
      ? { id: row.userId, name: row.userName ?? '', email: row.userEmail, isAnonymous: row.userIsAnonymous ?? false }
      : null,
    talent: row.talentId ? { id: row.talentId, name: row.talentName ?? '', tag: row.talentTag } : null,
    isSandbox: row.isSandbox,
    provider: paymentProviderOf(row),
    status: purchaseStatus(row.priceAmount, ledger),
    reversedAmount: Math.max(0, reversedAmount(ledger)),
    problem: row.problem ? { kind: row.problem, reason: row.problemReason ?? '' } : null,
  };
}

/** What the status rule reads of each ledger entry. */
export const ledgerAmountColumns = {
  kind: paymentLedger.kind,
  reason: paymentLedger.reason,
  amount: paymentLedger.amount,
  paidCredits: paymentLedger.paidCredits,
  shortfallCredits: paymentLedger.shortfallCredits,
  grossMicroUsd: paymentLedger.grossMicroUsd,
  netMicroUsd: paymentLedger.netMicroUsd,
  referralMicroUsd: paymentLedger.referralMicroUsd,
};

export type ListAdminPaymentsInput = {
  showSandbox: boolean;
  priceType: AdminPaymentPriceTypeFilter;
  cursor?: string | null | undefined;
};

/** `admin.payments.list`: one page of payments with their fan, twin, product and status; `nextCursor` continues. */
export async function listAdminPayments(db: Executor, input: ListAdminPaymentsInput): Promise<AdminPaymentsListOutput> {
  const priceType = adminPaymentPriceTypeFilters.includes(input.priceType) ? input.priceType : 'all';
  const rows = await db
    .select({ ...adminPaymentRowColumns, sortValue: sortValueOf(newestFirst) })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(talents, eq(talents.id, payments.talentId))
    .leftJoin(products, eq(products.id, payments.productId))
    .where(and(input.showSandbox ? undefined : liveOnly, priceTypeCondition(priceType), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  const ids = page.rows.map((row) => row.id);
  const movements =
    ids.length === 0
      ? []
      : await db
          .select({ ...ledgerAmountColumns, paymentId: paymentLedger.paymentId })
          .from(paymentLedger)
          .where(inArray(paymentLedger.paymentId, ids))
          .orderBy(asc(paymentLedger.paymentId), asc(paymentLedger.createdAt), asc(paymentLedger.id));
  const byPayment = new Map<string, LedgerAmounts[]>();
  for (const movement of movements) {
    const list = byPayment.get(movement.paymentId);
    if (list) list.push(movement);
    else byPayment.set(movement.paymentId, [movement]);
  }
  return {
    items: page.rows.map((row) => toAdminPaymentRow(row, byPayment.get(row.id) ?? [])),
    nextCursor: page.nextCursor,
  };
}
