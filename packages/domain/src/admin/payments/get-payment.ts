// The admin payment detail (docs/product-rules.md#admin-back-office): the payment with its fan, twin, product, provider ids and
// dashboard links, its subscription, and every movement of its money from the ledger.
import { type Executor, paymentLedger, payments, products, subscriptions, talents, users } from '@doppel/db';
import type { AdminPaymentDetail } from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { adminPaymentRowColumns, ledgerAmountColumns, toAdminPaymentRow } from './list-payments.ts';
import { stripeDashboardLinks } from './payment-provider.ts';

export type GetAdminPaymentOptions = {
  /** The server runs Stripe with a test key: dashboard links go to Stripe's test mode. */
  stripeTestMode: boolean;
};

/** `admin.payments.get`: one payment and its ledger, oldest movement first; NOT_FOUND for an unknown id. */
export async function getAdminPayment(
  db: Executor,
  paymentId: string,
  options: GetAdminPaymentOptions,
): Promise<AdminPaymentDetail> {
  const [[row], ledger] = await Promise.all([
    db
      .select({
        ...adminPaymentRowColumns,
        movementKey: payments.movementKey,
        productCredits: products.credits,
        stripePaymentIntentId: payments.stripePaymentIntentId,
        stripeInvoiceId: payments.stripeInvoiceId,
        checkoutId: payments.checkoutId,
        subscriptionId: subscriptions.id,
        subscriptionStatus: subscriptions.status,
        subscriptionCurrentPeriodEnd: subscriptions.currentPeriodEnd,
        subscriptionEndedAt: subscriptions.endedAt,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(talents, eq(talents.id, payments.talentId))
      .leftJoin(products, eq(products.id, payments.productId))
      .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
      .where(eq(payments.id, paymentId))
      .limit(1),
    db
      .select({
        ...ledgerAmountColumns,
        id: paymentLedger.id,
        reversesEntryId: paymentLedger.reversesEntryId,
        createdAt: paymentLedger.createdAt,
      })
      .from(paymentLedger)
      .where(eq(paymentLedger.paymentId, paymentId))
      .orderBy(asc(paymentLedger.createdAt), asc(paymentLedger.id)),
  ]);
  if (!row) throw new DomainError('NOT_FOUND', 'Payment not found');
  return {
    ...toAdminPaymentRow(row, ledger),
    movementKey: row.movementKey,
    productCredits: row.productCredits,
    stripePaymentIntentId: row.stripePaymentIntentId,
    stripeInvoiceId: row.stripeInvoiceId,
    appleTransactionId: row.appleTransactionId,
    googleTransactionId: row.googleTransactionId,
    stripeLinks: stripeDashboardLinks(
      { paymentIntentId: row.stripePaymentIntentId, invoiceId: row.stripeInvoiceId },
      { testMode: options.stripeTestMode },
    ),
    checkoutId: row.checkoutId,
    subscription:
      row.subscriptionId && row.subscriptionStatus && row.subscriptionCurrentPeriodEnd
        ? {
            id: row.subscriptionId,
            status: row.subscriptionStatus,
            currentPeriodEnd: row.subscriptionCurrentPeriodEnd.toISOString(),
            endedAt: row.subscriptionEndedAt?.toISOString() ?? null,
          }
        : null,
    ledger: ledger.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}
