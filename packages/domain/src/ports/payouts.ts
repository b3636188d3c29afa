// Ports of money out (DESIGN.md, Providers: payouts out). PayPal Payouts sends a PayPal payout;
// bank transfers go out in a file the admin uploads to the bank: the domain decides which
// transfers the file holds, the bank-file writer writes them in the bank's format. The adapters
// (packages/integrations/src/payouts) speak PayPal's REST API over fetch and write pain.001 XML.

/** A batch's state as PayPal reports it. */
export type PayPalBatchStatus = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED' | 'CANCELED';

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

/** What PayPal knows of a batch: its state and, for its item, the state and why it failed. */
export type PayPalBatch = {
  batchId: string;
  batchStatus: PayPalBatchStatus;
  /** The item's transaction_status (SUCCESS, FAILED, PENDING, UNCLAIMED, RETURNED, ONHOLD, BLOCKED, REFUNDED, REVERSED). */
  itemStatus: string | null;
  /** PayPal's error message for a failed item or a denied batch. */
  failureReason: string | null;
};

export type PayPalPayouts = {
  /**
   * Creates the batch. When PayPal already has a batch with this `senderBatchId` (a retry after a
   * lost answer), it returns that batch instead: PayPal never pays twice for one sender_batch_id.
   */
  createBatch(request: PayPalPayoutRequest): Promise<PayPalBatch>;
  getBatch(batchId: string): Promise<PayPalBatch>;
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
