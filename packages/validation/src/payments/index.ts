// The fan's purchase API (payments.*): the catalog, checkouts (Stripe or the sandbox), the
// purchase history, and the calls the mobile apps hand store purchases over with. docs/payments.md.
import { z } from 'zod';
import { creditBalanceOutput } from '../chat/index.ts';
import { singleLineText } from '../common/single-line.ts';
import { checkoutModes, checkoutStatuses, paymentProviders, productPriceTypes } from '../enums.ts';

export * from './subscription-price.ts';

const id = (label: string) => singleLineText().min(1, `${label} is not defined`).max(100);

/** A price in integer minor units (cents for USD). */
export const priceOutput = z.object({
  amount: z.number().int(),
  fractionDigits: z.number().int(),
  currency: z.string(),
});
export type PriceView = z.infer<typeof priceOutput>;

/** A credit pack; `listPrice` is its credits at 0.10 USD each (above `price` when discounted). */
export const creditPackOutput = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price: priceOutput,
  listPrice: priceOutput,
});
export type CreditPackView = z.infer<typeof creditPackOutput>;

/** The twin's monthly subscription and, for this fan, until when it is paid (null: not subscribed). */
export const subscriptionOfferOutput = z.object({
  productId: z.string(),
  name: z.string(),
  price: priceOutput,
  activeUntil: z.iso.datetime().nullable(),
});
export type SubscriptionOfferView = z.infer<typeof subscriptionOfferOutput>;

export const paymentsCatalogInput = z.object({ talentId: id('Talent ID') });
export const paymentsCatalogOutput = z.object({
  packs: z.array(creditPackOutput),
  subscription: subscriptionOfferOutput.nullable(),
  balance: creditBalanceOutput,
  /**
   * Which checkout the fan will see: Stripe's page, or the sandbox (no real money); null when this
   * server takes no card payments (production without Stripe), so nothing can be bought.
   */
  provider: z.enum(['stripe', 'sandbox']).nullable(),
});
export type PaymentsCatalog = z.infer<typeof paymentsCatalogOutput>;

/** Only paths inside the app: a checkout must never send the fan to another site afterwards. */
const returnPath = singleLineText()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Return path must be a path inside the app');

export const paymentsCheckoutInput = z.object({
  productId: id('Product ID'),
  talentId: id('Talent ID'),
  returnPath,
});
export const paymentsCheckoutOutput = z.object({ checkoutId: z.string(), url: z.string() });

export const paymentsCheckoutIdInput = z.object({ checkoutId: id('Checkout ID') });

/** A checkout as the fan returning from it (or on the sandbox page) sees it. */
export const checkoutViewOutput = z.object({
  id: z.string(),
  provider: z.enum(paymentProviders),
  mode: z.enum(checkoutModes),
  status: z.enum(checkoutStatuses),
  productName: z.string(),
  credits: z.number().int().nullable(),
  price: priceOutput,
  talent: z.object({ id: z.string(), name: z.string(), tag: z.string() }).nullable(),
  returnPath: z.string(),
});
export type CheckoutView = z.infer<typeof checkoutViewOutput>;

export const paymentsHistoryInput = z.object({ cursor: singleLineText().max(200).optional() });
/** Each purchase with what became of it: PAID, or money (partly) taken back. */
export const purchaseStatuses = ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED', 'DISPUTED'] as const;
export const purchaseOutput = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  productName: z.string(),
  priceType: z.enum(productPriceTypes),
  price: priceOutput,
  /** Paid credits the purchase added (0 for a subscription). */
  credits: z.number().int(),
  status: z.enum(purchaseStatuses),
  /** Money given back so far, minor units. */
  refundedAmount: z.number().int(),
  provider: z.enum(paymentProviders),
  /** The provider's reference, printed on the receipt (`pi_…`, `in_…`, a store transaction id). */
  reference: z.string().nullable(),
  isSandbox: z.boolean(),
  talent: z.object({ name: z.string(), tag: z.string() }).nullable(),
});
export type PurchaseView = z.infer<typeof purchaseOutput>;
export const paymentsHistoryOutput = z.object({ items: z.array(purchaseOutput), nextCursor: z.string().nullable() });

/** What a store purchase handed over by the mobile app added. */
export const storeRedeemOutput = z.object({
  paymentId: z.string(),
  credits: z.number().int(),
  balance: creditBalanceOutput,
  /** False when this purchase had been redeemed before (nothing was added again). */
  isNew: z.boolean(),
});

/** StoreKit 2: the JWS signed transaction the app got from `Transaction.updates` or a purchase. */
export const paymentsRedeemAppleInput = z.object({
  signedTransaction: singleLineText().min(1, 'Signed transaction is not defined').max(20_000),
  talentId: id('Talent ID').optional(),
});

/** Google Play Billing: the product id and the purchase token from `Purchase.getPurchaseToken()`. */
export const paymentsRedeemGoogleInput = z.object({
  storeProductId: singleLineText().min(1, 'Product ID is not defined').max(200),
  purchaseToken: singleLineText().min(1, 'Purchase token is not defined').max(4096),
  talentId: id('Talent ID').optional(),
});
