import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { productPriceTypeEnum } from './enums.ts';

/**
 * What fans can buy: credit packs (one-time, on the web or in an app store) and subscriptions.
 * `credits` is what a pack grants; the price is in minor units of `currency`.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    name: text().notNull(),
    priceType: productPriceTypeEnum().notNull(),
    credits: integer(),
    priceAmount: bigint({ mode: 'number' }).notNull().default(0),
    currency: text().notNull().default('USD'),
    /** Provider price or product id (Stripe price, App Store / Play product). */
    externalId: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_price_type_idx').on(t.priceType, t.priceAmount),
    check('products_amounts_non_negative', sql`${t.priceAmount} >= 0 and (${t.credits} is null or ${t.credits} >= 0)`),
  ],
);
