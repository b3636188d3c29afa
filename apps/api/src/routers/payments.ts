// The fan's purchases: the catalog in a twin's chat, checkouts (Stripe or the sandbox page), the
// purchase history, and the store purchases the mobile apps hand over. Rules: packages/domain/src/payments.
import { DomainError } from '@doppel/domain/errors';
import {
  cancelCheckout,
  completeSandboxCheckout,
  createCheckout,
  getCheckout,
  paymentsCatalog,
  purchaseHistory,
  redeemStorePurchase,
} from '@doppel/domain/payments';
import { PaymentVerificationError } from '@doppel/domain/ports';
import {
  checkoutViewOutput,
  paymentsCatalogInput,
  paymentsCatalogOutput,
  paymentsCheckoutIdInput,
  paymentsCheckoutInput,
  paymentsCheckoutOutput,
  paymentsHistoryInput,
  paymentsHistoryOutput,
  paymentsRedeemAppleInput,
  paymentsRedeemGoogleInput,
  storeRedeemOutput,
} from '@doppel/validation';
import { authedProcedure, router } from '../trpc/procedures.ts';

/** A store that refuses a purchase (forged, other app, cancelled) answers as bad input, plainly. */
async function verified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentVerificationError) throw new DomainError('INVALID', error.message);
    throw error;
  }
}

export const paymentsRouter = router({
  /** Packs, the twin's subscription (and until when this fan has it), the balance, which checkout. */
  catalog: authedProcedure
    .input(paymentsCatalogInput)
    .output(paymentsCatalogOutput)
    .query(({ ctx, input }) =>
      paymentsCatalog(ctx.db, ctx.user, { talentId: input.talentId, provider: ctx.payments.card?.provider ?? null }),
    ),

  /** Opens a hosted checkout and answers the page to send the fan to. */
  checkout: authedProcedure
    .input(paymentsCheckoutInput)
    .output(paymentsCheckoutOutput)
    .mutation(async ({ ctx, input }) => {
      const opened = await createCheckout(ctx.db, ctx.user, input, {
        payments: ctx.payments.card,
        publicUrl: ctx.env.PUBLIC_URL,
      });
      ctx.feed.nudge();
      return opened;
    }),

  /** One of the fan's own checkouts: the sandbox page and the chat they return to read it. */
  checkoutStatus: authedProcedure
    .input(paymentsCheckoutIdInput)
    .output(checkoutViewOutput)
    .query(({ ctx, input }) => getCheckout(ctx.db, ctx.user, input.checkoutId)),

  /** The fan came back through the cancel link. */
  cancelCheckout: authedProcedure
    .input(paymentsCheckoutIdInput)
    .output(checkoutViewOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => cancelCheckout(tx, ctx.user, input.checkoutId))),

  /** The sandbox page's Pay button: refused unless this server runs the sandbox (docs/payments.md). */
  completeSandboxCheckout: authedProcedure
    .input(paymentsCheckoutIdInput)
    .output(checkoutViewOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        completeSandboxCheckout(tx, ctx.user, input.checkoutId, { sandboxOn: ctx.payments.card?.provider === 'sandbox' }),
      ),
    ),

  /** The fan's own purchases, newest first. */
  history: authedProcedure
    .input(paymentsHistoryInput)
    .output(paymentsHistoryOutput)
    .query(({ ctx, input }) => purchaseHistory(ctx.db, ctx.user, input)),

  /** StoreKit 2: the iOS app hands over a signed transaction; verified with Apple's chain, booked once. */
  redeemApple: authedProcedure
    .input(paymentsRedeemAppleInput)
    .output(storeRedeemOutput)
    .mutation(async ({ ctx, input }) => {
      const store = ctx.payments.appStore;
      if (!store) throw new DomainError('NOT_CONFIGURED', 'App Store purchases are not configured on this server.');
      const purchase = await verified(() => store.verifyTransaction(input.signedTransaction));
      return ctx.write((tx) =>
        redeemStorePurchase(tx, ctx.user, { purchase, priceType: 'APPLE_ONE_TIME', talentId: input.talentId }),
      );
    }),

  /** Google Play Billing: checked with the Play Developer API, booked once, then consumed. */
  redeemGoogle: authedProcedure
    .input(paymentsRedeemGoogleInput)
    .output(storeRedeemOutput)
    .mutation(async ({ ctx, input }) => {
      const store = ctx.payments.playStore;
      if (!store) throw new DomainError('NOT_CONFIGURED', 'Google Play purchases are not configured on this server.');
      const purchase = await verified(() => store.verifyPurchase(input));
      const redeemed = await ctx.write((tx) =>
        redeemStorePurchase(tx, ctx.user, { purchase, priceType: 'GOOGLE_ONE_TIME', talentId: input.talentId }),
      );
      // Consumed only once booked, so a crash in between leaves a purchase the app can hand over again.
      await store.consumePurchase(input);
      return redeemed;
    }),
});
