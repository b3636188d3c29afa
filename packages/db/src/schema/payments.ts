import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { productPriceTypeEnum } from './enums.ts';
import { products } from './products.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/**
 * A fan's purchase (credits or a subscription). Prices are integer minor units with their
 * fraction digits and currency; `originalPrice` is the list price before discounts. The
 * provider transaction ids are unique so a replayed webhook cannot record a payment twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    priceAmount: bigint({ mode: 'number' }).notNull(),
    priceFractionDigits: integer().notNull().default(2),
    priceCurrency: text().notNull().default('USD'),
    originalPriceAmount: bigint({ mode: 'number' }).notNull(),
    originalPriceFractionDigits: integer().notNull().default(2),
    originalPriceCurrency: text().notNull().default('USD'),
    productPriceType: productPriceTypeEnum().notNull(),
    productId: text().references(() => products.id, { onDelete: 'set null' }),
    stripePaymentIntentId: text(),
    stripeInvoiceId: text(),
    appleTransactionId: text(),
    googleTransactionId: text(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    talentId: text().references(() => talents.id, { onDelete: 'set null' }),
    isSandbox: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_live_created_idx').on(t.createdAt).where(sql`not ${t.isSandbox}`),
    index('payments_created_idx').on(t.createdAt),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_talent_created_idx').on(t.talentId, t.createdAt),
    index('payments_product_idx').on(t.productId),
    uniqueIndex('payments_stripe_payment_intent_unique').on(t.stripePaymentIntentId),
    uniqueIndex('payments_stripe_invoice_unique').on(t.stripeInvoiceId),
    uniqueIndex('payments_apple_transaction_unique').on(t.appleTransactionId),
    uniqueIndex('payments_google_transaction_unique').on(t.googleTransactionId),
    check(
      'payments_amounts_non_negative',
      sql`${t.priceAmount} >= 0 and ${t.originalPriceAmount} >= 0 and ${t.priceFractionDigits} between 0 and 6 and ${t.originalPriceFractionDigits} between 0 and 6`,
    ),
  ],
);
