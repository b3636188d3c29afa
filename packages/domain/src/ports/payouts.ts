// Port of the payout provider (docs/payouts.md#executing-payouts). PayPal Payouts sends a PayPal
// payout; bank transfers go out in a pain.001 file the admin uploads to the bank, so they need no
// port. The adapter (packages/integrations/src/payouts) speaks PayPal's REST API over fetch.

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

/** Our bank account that pays bank payouts: the debtor of the pain.001 file. */
export type BankDebtor = { name: string; iban: string; bic: string };
