import { type Executor, products, type Transaction, users } from '@doppel/db';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import type { StorePurchase } from '../ports/payments.ts';
import { recordPayment } from './record-payment.ts';
import { productPrice } from './rules.ts';

export type RedeemedPurchase = {
  paymentId: string;
  credits: number;
  balance: { credits: number; paidCredits: number };
  isNew: boolean;
};

/** The store product behind a verified purchase (`externalId` is the App Store / Play product id). */
export async function storeProduct(db: Executor, priceType: 'APPLE_ONE_TIME' | 'GOOGLE_ONE_TIME', storeProductId: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.priceType, priceType), eq(products.externalId, storeProductId)));
  if (!product || (product.credits ?? 0) <= 0) throw new DomainError('NOT_FOUND', 'This product is not on sale.');
  return product;
}

/**
 * Books a store purchase the mobile app handed over, verified with the store by the adapter. The
 * store transaction's key makes it count once, whoever redeems it again; a purchase already
 * booked for another account is refused.
 */
export async function redeemStorePurchase(
  tx: Transaction,
  viewer: Viewer,
  input: { purchase: StorePurchase; priceType: 'APPLE_ONE_TIME' | 'GOOGLE_ONE_TIME'; talentId?: string | undefined },
): Promise<RedeemedPurchase> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const product = await storeProduct(tx, input.priceType, input.purchase.storeProductId);
  const recorded = await recordPayment(tx, {
    type: 'payment.succeeded',
    key: input.purchase.key,
    userId: viewer.id,
    talentId: input.talentId ?? null,
    productId: product.id,
    price: input.purchase.price ?? productPrice(product),
    ids: input.purchase.ids,
    isSandbox: input.purchase.isSandbox,
  });
  if (!recorded.isNew && recorded.userId !== viewer.id)
    throw new DomainError('CONFLICT', 'This purchase was already redeemed by another account.');
  const [balance] = await tx
    .select({ credits: users.credits, paidCredits: users.paidCredits })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!balance) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  return { paymentId: recorded.paymentId, credits: recorded.credits, balance, isNew: recorded.isNew };
}
