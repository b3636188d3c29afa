// Ports of money out (docs/payouts.md#executing-payouts). PayPal Payouts sends a PayPal payout;
// bank transfers go out in a file the admin uploads to the bank: the domain decides which
// transfers the file holds, the bank-file writer writes them in the bank's format. The adapters
// (packages/integrations/src/payouts) speak PayPal's REST API over fetch and write pain.001 XML.

/** One payout to one PayPal account: a batch of one item, `senderBatchId` = our payout id. */
export type PayPalPayoutRequest = {
  senderBatchId: string;
  receiverEmail: string;
  /** Cents of `currency`. */
  amountCents: number;
  currency: string;
  /** Shown to the receiver. */
  note: string;
};

/** Where a sent payout stands with its provider: still under way, paid to the creator, or failed (the money is not paid). */
export type ProviderPayoutState = 'pending' | 'paid' | 'failed';

/** What PayPal knows of a sent payout, in our words; the adapter maps PayPal's own states to `state`. */
export type PayPalPayoutState = {
  /** PayPal's id for the batch: where to ask again. */
  batchId: string;
  /** PayPal's own word for the batch (PENDING, SUCCESS, DENIED…), kept on the payout and shown to admins as is. */
  providerStatus: string;
  state: ProviderPayoutState;
  /** Why the payout failed, in PayPal's words when it gave them; null unless `state` is failed. */
  failureReason: string | null;
};

export type PayPalPayouts = {
  /**
   * Creates the batch. When PayPal already has a batch with this `senderBatchId` (a retry after a
   * lost answer), it returns that batch instead: PayPal never pays twice for one sender_batch_id.
   */
  createBatch(request: PayPalPayoutRequest): Promise<PayPalPayoutState>;
  getBatch(batchId: string): Promise<PayPalPayoutState>;
};

/** A PayPal answer the adapter could not act on (an auth failure, a refused request); the message is PayPal's. */
export class PayPalPayoutError extends Error {
  readonly status: number;
  /** PayPal's error `name` (AUTHENTICATION_FAILURE, INSUFFICIENT_FUNDS…), when it gave one. */
  readonly code: string | null;
  constructor(message: string, status: number, code: string | null = null) {
    super(message);
    this.name = 'PayPalPayoutError';
    this.status = status;
    this.code = code;
  }
}

/** Our bank account that pays bank payouts: the debtor of the bank file. */
export type BankDebtor = { name: string; iban: string; bic: string };

/** One transfer in a bank file: a bank payout to its creator's account. */
export type BankTransfer = {
  /** Our payout id: the end-to-end id the bank reports back. */
  endToEndId: string;
  amountCents: number;
  currency: string;
  creditorName: string;
  iban: string;
  bic: string;
  /** Unstructured remittance information, at most 140 characters. */
  remittance: string;
};

/** What goes into one bank file: an id for the file, when it was made, who pays, and the transfers. */
export type BankFileContent = { messageId: string; createdAt: Date; debtor: BankDebtor; transfers: BankTransfer[] };

export type BankFileWriter = {
  /** The file's text in the bank's format; throws RangeError on anything a bank would refuse. */
  write(content: BankFileContent): string;
};
