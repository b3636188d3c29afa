// A creator's monthly subscription price (docs/payments.md, "Subscription prices"). A product's
// price never changes once fans may have bought it: Stripe renews a subscription with the price it
// was opened with, and a renewal is held to its product's price. So a new price is a new
// SUBSCRIPTION product the twin points at; the old one stays for the subscriptions that renew on it.
import { appConfigs, defaultAppId, type Executor, products, talents } from '@doppel/db';
import { defaultSubscriptionPriceLimits, type SubscriptionPriceLimits, subscriptionPriceProblem } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

/** The admins' limits (App page), or the defaults on a database where they were never saved. */
export async function subscriptionPriceLimits(db: Executor): Promise<SubscriptionPriceLimits> {
  const [config] = await db
    .select({ minCents: appConfigs.subscriptionPriceMinCents, maxCents: appConfigs.subscriptionPriceMaxCents })
    .from(appConfigs)
    .where(eq(appConfigs.id, defaultAppId));
  return config ?? { ...defaultSubscriptionPriceLimits };
}

/** The subscription product the twin sells now (a USD one, on sale), or null when it sells none. */
async function currentSubscription(db: Executor, productId: string | null) {
  if (!productId) return null;
  const [product] = await db
    .select({
      name: products.name,
      priceAmount: products.priceAmount,
      currency: products.currency,
      priceType: products.priceType,
      isActive: products.isActive,
    })
    .from(products)
    .where(eq(products.id, productId));
  const onSale = product?.priceType === 'SUBSCRIPTION' && product.isActive && product.currency === 'USD';
  return onSale ? product : null;
}

/** The price of the subscription the twin sells now, in cents; null when it sells none. */
export async function currentSubscriptionCents(db: Executor, productId: string | null): Promise<number | null> {
  return (await currentSubscription(db, productId))?.priceAmount ?? null;
}

/**
 * Checks a new price against the admins' limits before anything is written; throws the field error
 * naming the allowed range ("Choose a price between $4.99 and $49.99").
 */
export async function checkSubscriptionPrice(db: Executor, cents: number): Promise<void> {
  const problem = subscriptionPriceProblem(cents, await subscriptionPriceLimits(db));
  if (problem) throw new DomainError('INVALID', problem, { subscriptionPriceCents: [problem] });
}

/**
 * Sells the twin's subscription at `cents` a month from now on, in the caller's transaction (the
 * twin's row locked by the caller). The same price as now changes nothing. Otherwise a new product
 * without a provider price id is made (the next Stripe checkout prices it from the amount) and the
 * twin points at it; the previous product is left as it is, so subscriptions on it keep renewing at
 * their price. Returns whether anything changed.
 */
export async function setSubscriptionPrice(
  tx: Executor,
  talent: { id: string; name: string; subscriptionProductId: string | null },
  cents: number,
): Promise<boolean> {
  await checkSubscriptionPrice(tx, cents);
  const current = await currentSubscription(tx, talent.subscriptionProductId);
  if (current?.priceAmount === cents) return false;
  // The offer keeps its name (fans' receipts read it); only the price is new.
  const name = current?.name ?? `${talent.name} subscription (monthly)`;
  const [product] = await tx
    .insert(products)
    .values({ name, priceType: 'SUBSCRIPTION', priceAmount: cents, currency: 'USD' })
    .returning({ id: products.id });
  if (!product) throw new Error('the subscription product was not created');
  await tx.update(talents).set({ subscriptionProductId: product.id }).where(eq(talents.id, talent.id));
  return true;
}
