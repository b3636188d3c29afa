import { type Executor, products, talents, users } from '@doppel/db';
import type { PaymentsCatalog } from '@doppel/validation';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { packListPriceCents, productPrice } from './rules.ts';
import { activeSubscriptionUntil } from './subscriptions.ts';

/** What a fan can buy in a twin's chat: the credit packs (cheapest first) and the twin's subscription. */
export async function paymentsCatalog(
  db: Executor,
  viewer: Viewer,
  input: { talentId: string; provider: PaymentsCatalog['provider'] },
): Promise<PaymentsCatalog> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const [[talent], packs, [fan], subscribedUntil] = await Promise.all([
    db.select({ subscriptionProductId: talents.subscriptionProductId }).from(talents).where(eq(talents.id, input.talentId)),
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.priceType, 'ONE_TIME'),
          eq(products.isActive, true),
          isNotNull(products.credits),
          gt(products.credits, 0),
        ),
      )
      .orderBy(asc(products.priceAmount), asc(products.id)),
    db.select({ credits: users.credits, paidCredits: users.paidCredits }).from(users).where(eq(users.id, viewer.id)),
    activeSubscriptionUntil(db, { userId: viewer.id, talentId: input.talentId }),
  ]);
  if (!talent) throw new DomainError('NOT_FOUND', 'There is no twin with this name.');
  if (!fan) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  const [offer] = talent.subscriptionProductId
    ? await db
        .select()
        .from(products)
        .where(
          and(eq(products.id, talent.subscriptionProductId), eq(products.isActive, true), eq(products.priceType, 'SUBSCRIPTION')),
        )
    : [];
  return {
    packs: packs.map((pack) => {
      const credits = pack.credits ?? 0;
      return {
        id: pack.id,
        name: pack.name,
        credits,
        price: productPrice(pack),
        listPrice: productPrice({ ...pack, priceAmount: packListPriceCents(credits, pack.priceAmount) }),
      };
    }),
    subscription: offer
      ? {
          productId: offer.id,
          name: offer.name,
          price: productPrice(offer),
          activeUntil: subscribedUntil?.toISOString() ?? null,
        }
      : null,
    balance: fan,
    provider: input.provider,
  };
}
