// The admin back-office Payments screens (docs/product-rules.md#admin-back-office): every fan purchase, newest first with sandbox
// payments hidden by default, and one payment with its provider ids, dashboard links and ledger.
// Queries live in packages/domain/src/admin/payments.
import { getAdminPayment, listAdminPayments } from '@doppel/domain/admin/payments';
import {
  adminPaymentDetailOutput,
  adminPaymentGetInput,
  adminPaymentsListInput,
  adminPaymentsListOutput,
} from '@doppel/validation';
import type { Env } from '../../env.ts';
import { adminProcedure, router } from '../../trpc/procedures.ts';

/** A server holding a Stripe test key (secret or restricted) books test-mode payments: link Stripe's test dashboard. */
function stripeTestMode(env: Env): boolean {
  const key = env.STRIPE_SECRET_KEY ?? '';
  return key.startsWith('sk_test_') || key.startsWith('rk_test_');
}

export const paymentsRouter = router({
  /** One page of 50 payments, newest first; sandbox ones only with `showSandbox`; `nextCursor` continues. */
  list: adminProcedure
    .input(adminPaymentsListInput)
    .output(adminPaymentsListOutput)
    .query(({ ctx, input }) => listAdminPayments(ctx.db, input)),

  /** The payment with its fan, twin, subscription and ledger; NOT_FOUND "Payment not found". */
  get: adminProcedure
    .input(adminPaymentGetInput)
    .output(adminPaymentDetailOutput)
    .query(({ ctx, input }) => getAdminPayment(ctx.db, input.paymentId, { stripeTestMode: stripeTestMode(ctx.env) })),
});
