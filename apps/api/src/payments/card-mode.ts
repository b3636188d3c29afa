// Which card payments this server takes (docs/payments.md, "Without Stripe"): Stripe when its keys
// are set; otherwise the offline sandbox, which books purchases without money, only outside
// production or when an operator turns it on with PAYMENTS_SANDBOX=on; otherwise none, and fans
// are told that purchases are unavailable.
import type { Env } from '../env.ts';

export type CardPaymentsMode = 'stripe' | 'sandbox' | 'none';

export function cardPaymentsMode(
  env: Pick<Env, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PAYMENTS_SANDBOX'>,
): CardPaymentsMode {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) return 'stripe';
  const sandboxByDefault = env.NODE_ENV !== 'production';
  if (env.PAYMENTS_SANDBOX === 'on' || (sandboxByDefault && env.PAYMENTS_SANDBOX !== 'off')) return 'sandbox';
  return 'none';
}

/** The line the start logs about card payments, when an operator should read one. */
export function cardPaymentsNotice(
  mode: CardPaymentsMode,
  env: Pick<Env, 'NODE_ENV'>,
): { level: 'warn' | 'info'; message: string } | null {
  if (mode === 'sandbox' && env.NODE_ENV === 'production')
    return {
      level: 'warn',
      message:
        'PAYMENTS_SANDBOX=on: the sandbox checkout is on in production. Fans can buy credits and subscriptions without paying, and spending them books creator earnings. Set the Stripe keys, or unset PAYMENTS_SANDBOX, on a real server.',
    };
  if (mode === 'none')
    return {
      level: 'info',
      message:
        'No card payments: Stripe is not configured and the sandbox checkout is off, so fans are told purchases are unavailable.',
    };
  return null;
}
