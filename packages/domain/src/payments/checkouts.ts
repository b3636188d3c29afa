import { checkouts, type Database, type Executor, products, type Transaction, talentConfigs, talents, users } from '@doppel/db';
import type { CheckoutView } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { twinRequiresAdult } from '../chat/age-gate/age-rules.ts';
import { DomainError } from '../errors.ts';
import type { CardPayments } from '../ports/payments.ts';
import { recordPayment } from './record-payment.ts';
import { addOneMonth, productPrice } from './rules.ts';
import { activeSubscriptionUntil } from './subscriptions.ts';

const checkoutNotFound = () => new DomainError('NOT_FOUND', 'This checkout does not exist.');

/** No card provider on this server (production without Stripe, docs/payments.md): nothing can be bought. */
export const purchasesUnavailable = () =>
  new DomainError('NOT_CONFIGURED', 'Purchases are not available on this server right now.');

/** The product a fan may buy in a twin's chat: an active credit pack, or that twin's subscription. */
async function purchasable(db: Executor, input: { productId: string; talentId: string }) {
  const [row] = await db
    .select({
      product: products,
      talent: { id: talents.id, name: talents.name, subscriptionProductId: talents.subscriptionProductId },
    })
    .from(products)
    .innerJoin(talents, eq(talents.id, input.talentId))
    .where(eq(products.id, input.productId));
  if (!row) throw new DomainError('NOT_FOUND', 'This product is not on sale.');
  const { product, talent } = row;
  const isPack = product.priceType === 'ONE_TIME' && (product.credits ?? 0) > 0;
  const isTwinSubscription = product.priceType === 'SUBSCRIPTION' && talent.subscriptionProductId === product.id;
  if (!product.isActive || !(isPack || isTwinSubscription)) throw new DomainError('NOT_FOUND', 'This product is not on sale.');
  return { product, talent };
}

async function talentAboveSafe(db: Executor, talentId: string): Promise<boolean> {
  const [config] = await db
    .select({ contentLevel: talentConfigs.contentLevel })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId));
  return twinRequiresAdult(config?.contentLevel ?? 'SAFE');
}

/**
 * Opens a hosted checkout for a signed-in fan (anonymous fans sign in first: a purchase needs an
 * account to land on). The row is committed before the provider is called, so the provider's
 * events always find it; a provider failure marks it FAILED and reaches the fan as an error. The
 * row keeps the price it is opened for, which the payment must match. Without a card provider
 * nothing opens.
 */
export async function createCheckout(
  db: Database,
  viewer: Viewer,
  input: { productId: string; talentId: string; returnPath: string },
  deps: { payments: CardPayments | undefined; publicUrl: string },
): Promise<{ checkoutId: string; url: string }> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const card = deps.payments;
  if (!card) throw purchasesUnavailable();
  const [fan] = await db
    .select({ isAnonymous: users.isAnonymous, email: users.email, declaredMinorAt: users.declaredMinorAt })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!fan || fan.isAnonymous) throw new DomainError('UNAUTHENTICATED', 'Please sign in to buy credits.');
  const { product, talent } = await purchasable(db, input);
  const mode = product.priceType === 'SUBSCRIPTION' ? ('subscription' as const) : ('payment' as const);
  // A known minor buys no subscription to a twin above SAFE (docs/safety.md, Age gate).
  if (mode === 'subscription' && fan.declaredMinorAt !== null && (await talentAboveSafe(db, talent.id)))
    throw new DomainError('FORBIDDEN', `A subscription to ${talent.name} is for adults only.`);
  if (mode === 'subscription' && (await activeSubscriptionUntil(db, { userId: viewer.id, talentId: talent.id })))
    throw new DomainError('CONFLICT', `You are already subscribed to ${talent.name}.`);

  const price = productPrice(product);
  const [checkout] = await db
    .insert(checkouts)
    .values({
      provider: card.provider,
      mode,
      userId: viewer.id,
      talentId: talent.id,
      productId: product.id,
      priceAmount: price.amount,
      priceFractionDigits: price.fractionDigits,
      priceCurrency: price.currency,
      returnPath: input.returnPath,
    })
    .returning({ id: checkouts.id });
  if (!checkout) throw new Error('the checkout was not created');
  const back = (outcome: 'success' | 'cancel') => {
    const url = new URL(input.returnPath, deps.publicUrl);
    url.searchParams.set('checkout', checkout.id);
    url.searchParams.set('outcome', outcome);
    return url.toString();
  };
  try {
    const hosted = await card.createCheckout({
      checkoutId: checkout.id,
      mode,
      userId: viewer.id,
      email: fan.email,
      talentId: talent.id,
      product: {
        id: product.id,
        name: product.name,
        price,
        externalId: product.externalId,
        credits: product.credits,
      },
      successUrl: back('success'),
      cancelUrl: back('cancel'),
    });
    await db.update(checkouts).set({ externalId: hosted.externalId, updatedAt: new Date() }).where(eq(checkouts.id, checkout.id));
    return { checkoutId: checkout.id, url: hosted.url };
  } catch (error) {
    await db.update(checkouts).set({ status: 'FAILED', updatedAt: new Date() }).where(eq(checkouts.id, checkout.id));
    throw error;
  }
}

/** A checkout as its own fan sees it (the sandbox page, the chat they return to). */
export async function getCheckout(db: Executor, viewer: Viewer, checkoutId: string): Promise<CheckoutView> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const [row] = await db
    .select({ checkout: checkouts, product: products, talent: { id: talents.id, name: talents.name, tag: talents.tag } })
    .from(checkouts)
    .innerJoin(products, eq(products.id, checkouts.productId))
    .leftJoin(talents, eq(talents.id, checkouts.talentId))
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, viewer.id)));
  if (!row) throw checkoutNotFound();
  const { checkout, product, talent } = row;
  return {
    id: checkout.id,
    provider: checkout.provider,
    mode: checkout.mode,
    status: checkout.status,
    productName: product.name,
    credits: product.credits,
    price: productPrice(product),
    talent: talent?.tag ? { id: talent.id, name: talent.name, tag: talent.tag } : null,
    returnPath: checkout.returnPath,
  };
}

/** The fan came back through the provider's cancel link: an open checkout is closed as CANCELED. */
export async function cancelCheckout(tx: Transaction, viewer: Viewer, checkoutId: string): Promise<CheckoutView> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  await tx
    .update(checkouts)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, viewer.id), eq(checkouts.status, 'OPEN')));
  return getCheckout(tx, viewer, checkoutId);
}

/**
 * The sandbox's "Pay" button: completes the fan's own open sandbox checkout at once, booked like
 * any payment (same ledger, same rules) but with isSandbox = true. A second press books nothing.
 * Only while this server runs the sandbox (`sandboxOn`): a sandbox checkout left open from another
 * configuration, or one on a server without any card provider, pays for nothing.
 */
export async function completeSandboxCheckout(
  tx: Transaction,
  viewer: Viewer,
  checkoutId: string,
  options: { sandboxOn: boolean },
  now = new Date(),
): Promise<CheckoutView> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!options.sandboxOn)
    throw new DomainError('NOT_CONFIGURED', 'The sandbox checkout is switched off on this server: nothing was charged.');
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, viewer.id)))
    .for('update');
  if (!checkout) throw checkoutNotFound();
  if (checkout.provider !== 'sandbox') throw new DomainError('INVALID', 'This checkout is not a sandbox checkout.');
  if (checkout.status === 'CANCELED' || checkout.status === 'EXPIRED' || checkout.status === 'FAILED')
    throw new DomainError('CONFLICT', 'This checkout was closed. Start a new purchase from the chat.');
  if (checkout.status === 'OPEN') {
    const [product] = await tx.select().from(products).where(eq(products.id, checkout.productId));
    if (!product) throw checkoutNotFound();
    const key = `sandbox:${checkout.id}`;
    await recordPayment(
      tx,
      {
        type: 'payment.succeeded',
        key,
        userId: viewer.id,
        talentId: checkout.talentId,
        productId: product.id,
        price:
          checkout.priceAmount !== null && checkout.priceFractionDigits !== null && checkout.priceCurrency !== null
            ? { amount: checkout.priceAmount, fractionDigits: checkout.priceFractionDigits, currency: checkout.priceCurrency }
            : productPrice(product),
        ids: {},
        checkoutId: checkout.id,
        subscription: checkout.mode === 'subscription' ? { externalId: key, periodEnd: addOneMonth(now) } : null,
        isSandbox: true,
      },
      now,
    );
  }
  return getCheckout(tx, viewer, checkoutId);
}
