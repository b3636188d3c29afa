// What the Withdraw review step says before anything is sent: where the money goes and when it
// arrives. Pure and unit-tested, so the wording a creator confirms is the wording we test.
import { transferTypeLabels } from '../../../components/payout-labels.ts';
import type { WithdrawValues } from './earnings-format.ts';

/**
 * An IBAN shown only by its last four characters ("•••• 3000"): enough for the creator to
 * recognise their account on a screen others may see, without repeating the whole number.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  // A no-break space keeps the dots and the digits together when the line wraps.
  return compact.length <= 4 ? compact : `••••\u00a0${compact.slice(-4)}`;
}

/** The destination line of the review: "Bank transfer to Mia Rivera, IBAN •••• 3000" or "PayPal to mia@example.com". */
export function payoutDestinationText(values: WithdrawValues): string {
  if (values.transferType === 'BANK_TRANSFER') {
    return `${transferTypeLabels.BANK_TRANSFER} to ${values.accountHolderName.trim()}, IBAN ${maskIban(values.iban)}`;
  }
  return `${transferTypeLabels.PAYPAL} to ${values.payPalEmail.trim()}`;
}

/**
 * When the money arrives. docs/payouts.md promises no number of days: every payout waits as
 * PENDING until an admin sends it (PayPal) or pays it by bank and marks it Executed, so the
 * review says exactly that rather than a delay we could not keep.
 */
export const payoutArrivalText = 'After the Doppel team reviews it. It shows as Pending under Last payouts until it is sent.';
