// The payout providers this server runs with (docs/payouts.md): PayPal Payouts when its
// credentials are set, the bank file's debtor account when configured, and the pain.001 writer. Without them admins
// mark payouts executed by hand after paying them outside the product.
import type { BankDebtor, BankFileWriter, PayPalPayouts } from '@doppel/domain/ports';
import { createPain001BankFileWriter, createPayPalPayouts, defaultPayPalApiUrl } from '@doppel/integrations';
import { normalizeBic, normalizeIban } from '@doppel/validation';

export type PayoutProviders = { payPal: PayPalPayouts | null; bankDebtor: BankDebtor | null; bankFile: BankFileWriter };

export type PayoutEnv = {
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_API_URL?: string | undefined;
  PAYOUT_BANK_DEBTOR_NAME?: string | undefined;
  PAYOUT_BANK_DEBTOR_IBAN?: string | undefined;
  PAYOUT_BANK_DEBTOR_BIC?: string | undefined;
};

export function createPayoutProviders(env: PayoutEnv): PayoutProviders {
  const payPal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? createPayPalPayouts({
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          baseUrl: env.PAYPAL_API_URL ?? defaultPayPalApiUrl,
        })
      : null;
  const bankDebtor =
    env.PAYOUT_BANK_DEBTOR_NAME && env.PAYOUT_BANK_DEBTOR_IBAN && env.PAYOUT_BANK_DEBTOR_BIC
      ? {
          name: env.PAYOUT_BANK_DEBTOR_NAME,
          iban: normalizeIban(env.PAYOUT_BANK_DEBTOR_IBAN),
          bic: normalizeBic(env.PAYOUT_BANK_DEBTOR_BIC),
        }
      : null;
  return { payPal, bankDebtor, bankFile: createPain001BankFileWriter() };
}
