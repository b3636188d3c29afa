// A payout's destination (docs/product-rules.md#creator-settings-fields "Payout request"): BANK_TRANSFER needs the account holder, IBAN
// and BIC; PAYPAL needs the PayPal email; the tax id is optional. IBAN and BIC are checked with
// ibantools (country format and IBAN check digits), not only for being non-empty, so a typo is
// caught on the form instead of bouncing at the bank days later.
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { emailSchema } from '../auth/index.ts';
import { singleLineText } from '../common/single-line.ts';
import { transferTypes } from '../enums.ts';

export const payoutDetailMessages = {
  accountHolderName: "Enter the account holder's name",
  ibanRequired: 'Enter the IBAN',
  ibanInvalid: 'This IBAN is not valid. Check it for typos.',
  bicRequired: 'Enter the BIC',
  bicInvalid: 'This BIC is not valid: 8 or 11 letters and digits, like DEUTDEFF.',
  payPalEmail: 'Enter your PayPal email',
} as const;

/** An IBAN as stored: no spaces, upper case ("DE89 3704 …" -> "DE8937040044…"). */
export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

/** An IBAN as people read it, in groups of four. */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

export function normalizeBic(bic: string): string {
  return bic.replace(/\s+/g, '').toUpperCase();
}

/** Whether text (spaces and case as typed) is a valid IBAN: country format and check digits. */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(normalizeIban(iban));
}

/** Whether text is a valid BIC (8 or 11 characters with a known country). */
export function isValidBic(bic: string): boolean {
  return isValidBIC(normalizeBic(bic));
}

const text = (max: number) => singleLineText().max(max, `At most ${max} characters`);

/** What the withdraw form sends; only the fields of the chosen transfer type are kept. */
export const payoutDetailsInput = z
  .object({
    transferType: z.enum(transferTypes),
    accountHolderName: text(140).default(''),
    iban: text(64).default(''),
    bic: text(20).default(''),
    payPalEmail: text(254).default(''),
    taxId: text(50).default(''),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (value.transferType === 'BANK_TRANSFER') {
      if (!value.accountHolderName) issue('accountHolderName', payoutDetailMessages.accountHolderName);
      if (!value.iban) issue('iban', payoutDetailMessages.ibanRequired);
      else if (!isValidIban(value.iban)) issue('iban', payoutDetailMessages.ibanInvalid);
      if (!value.bic) issue('bic', payoutDetailMessages.bicRequired);
      else if (!isValidBic(value.bic)) issue('bic', payoutDetailMessages.bicInvalid);
    } else if (!value.payPalEmail) issue('payPalEmail', payoutDetailMessages.payPalEmail);
    else if (!emailSchema.safeParse(value.payPalEmail).success) issue('payPalEmail', 'Please enter a valid email address');
  })
  .transform((value) =>
    value.transferType === 'BANK_TRANSFER'
      ? {
          transferType: value.transferType,
          accountHolderName: value.accountHolderName,
          iban: normalizeIban(value.iban),
          bic: normalizeBic(value.bic),
          payPalEmail: null,
          taxId: value.taxId || null,
        }
      : {
          transferType: value.transferType,
          accountHolderName: null,
          iban: null,
          bic: null,
          payPalEmail: value.payPalEmail.toLowerCase(),
          taxId: value.taxId || null,
        },
  );
export type PayoutDetailsInput = z.input<typeof payoutDetailsInput>;
export type PayoutDetails = z.output<typeof payoutDetailsInput>;

/** Stored payout details (a payout's or the talent's remembered ones); any may be missing. */
export const payoutDetailsOutput = z.object({
  transferType: z.enum(transferTypes),
  accountHolderName: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  payPalEmail: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type PayoutDetailsOutput = z.infer<typeof payoutDetailsOutput>;
