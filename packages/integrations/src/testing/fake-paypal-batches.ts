// Batches of the fake PayPal Payouts API (fake-paypal.ts): reading a create request the way PayPal
// validates it, settling a batch, and rendering it as GET /v1/payments/payouts/{id} answers.
import { randomBytes } from 'node:crypto';

/** How settle() ends a batch: an item state, or the whole batch DENIED (insufficient funds). */
export type FakePayPalOutcome = 'SUCCESS' | 'FAILED' | 'UNCLAIMED' | 'RETURNED' | 'BLOCKED' | 'ONHOLD' | 'PROCESSING' | 'DENIED';

type Json = Record<string, unknown>;
type PayPalError = { name: string; message: string };

export type FakePayPalItem = {
  id: string;
  receiver: string;
  amount: { value: string; currency: string };
  note: string | null;
  senderItemId: string | null;
  /** transaction_status */
  status: string;
  errors: PayPalError | null;
};

export type FakePayPalBatch = {
  payoutBatchId: string;
  senderBatchId: string;
  senderBatchHeader: Json;
  batchStatus: string;
  createdAt: Date;
  completedAt: Date | null;
  items: FakePayPalItem[];
  errors: PayPalError | null;
};

const unregistered: PayPalError = { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' };
const insufficientFunds: PayPalError = {
  name: 'INSUFFICIENT_FUNDS',
  message: 'Sender does not have sufficient funds. Please add funds and retry.',
};
const docs = 'https://developer.paypal.com/docs/api/payments.payouts-batch/v1/';
const amountPattern = /^(0|[1-9]\d*)\.\d{2}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A new PENDING batch from a create request's body, or PayPal's 400 VALIDATION_ERROR body. */
export function batchFromRequest(body: string): { batch: FakePayPalBatch } | { error: Json } {
  const parsed = parseBody(body);
  const header = objectAt(parsed, 'sender_batch_header');
  const senderBatchId = header.sender_batch_id;
  const items = Array.isArray(parsed.items) ? parsed.items : [];
  const issues: { field: string; location: 'body'; issue: string }[] = [];
  const issue = (field: string, text: string) => issues.push({ field, location: 'body', issue: text });
  if (typeof senderBatchId !== 'string' || !senderBatchId) issue('sender_batch_header.sender_batch_id', 'Required field missing');
  if (items.length === 0) issue('items', 'Required field missing');
  items.forEach((item: unknown, index) => {
    const fields = isObject(item) ? item : {};
    const amount = objectAt(fields, 'amount');
    if (typeof fields.receiver !== 'string' || !emailPattern.test(fields.receiver)) {
      issue(`items[${index}].receiver`, 'Receiver is invalid or does not match with type');
    }
    if (typeof amount.value !== 'string' || !amountPattern.test(amount.value) || !/[1-9]/.test(amount.value)) {
      issue(`items[${index}].amount.value`, 'Currency amount must be a positive decimal with 2 digits');
    }
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) {
      issue(`items[${index}].amount.currency`, 'Currency code is invalid');
    }
  });
  if (typeof senderBatchId !== 'string' || issues.length > 0) {
    return { error: apiError('VALIDATION_ERROR', 'Invalid request - see details', { details: issues }) };
  }
  return {
    batch: {
      payoutBatchId: paypalId(13),
      senderBatchId,
      senderBatchHeader: header,
      batchStatus: 'PENDING',
      createdAt: new Date(),
      completedAt: null,
      errors: null,
      // Validated above: every item is an object with an email receiver and an amount { value, currency }.
      items: items.filter(isObject).map((item) => ({
        id: paypalId(13),
        receiver: String(item.receiver),
        amount: { value: String(objectAt(item, 'amount').value), currency: String(objectAt(item, 'amount').currency) },
        note: typeof item.note === 'string' ? item.note : null,
        senderItemId: typeof item.sender_item_id === 'string' ? item.sender_item_id : null,
        status: 'PENDING',
        errors: null,
      })),
    },
  };
}

/** Ends a batch; without an outcome, items succeed except a receiver containing "fail" (RECEIVER_UNREGISTERED). */
export function settleBatch(batch: FakePayPalBatch, outcome?: FakePayPalOutcome): void {
  // PayPal reports a processed batch as SUCCESS even when items failed: the item states tell.
  batch.batchStatus = outcome === 'DENIED' ? 'DENIED' : outcome === 'PROCESSING' ? 'PROCESSING' : 'SUCCESS';
  batch.errors = outcome === 'DENIED' ? insufficientFunds : null;
  batch.completedAt = outcome === 'PROCESSING' ? null : new Date();
  for (const item of batch.items) {
    const natural = item.receiver.includes('fail') ? 'FAILED' : 'SUCCESS';
    const status = outcome === 'DENIED' ? 'FAILED' : outcome === 'PROCESSING' ? 'PENDING' : (outcome ?? natural);
    item.status = status;
    item.errors = outcome === 'DENIED' ? insufficientFunds : status === 'FAILED' ? unregistered : null;
  }
}

export const batchLink = (origin: string, batch: FakePayPalBatch) => ({
  href: `${origin}/v1/payments/payouts/${batch.payoutBatchId}`,
  rel: 'self',
  method: 'GET',
  encType: 'application/json',
});

/** The batch as GET /v1/payments/payouts/{payout_batch_id} answers it. */
export function renderBatch(origin: string, batch: FakePayPalBatch): Json {
  const currency = batch.items[0]?.amount.currency ?? 'USD';
  const totalCents = batch.items.reduce((sum, item) => sum + Number(item.amount.value.replace('.', '')), 0);
  return {
    batch_header: {
      payout_batch_id: batch.payoutBatchId,
      batch_status: batch.batchStatus,
      time_created: stamp(batch.createdAt),
      ...(batch.completedAt ? { time_completed: stamp(batch.completedAt) } : {}),
      sender_batch_header: batch.senderBatchHeader,
      amount: { currency, value: `${Math.floor(totalCents / 100)}.${String(totalCents % 100).padStart(2, '0')}` },
      fees: { currency, value: '0.00' },
      ...(batch.errors ? { errors: { ...batch.errors, information_link: docs } } : {}),
    },
    items: batch.items.map((item) => ({
      payout_item_id: item.id,
      ...(item.status === 'SUCCESS' ? { transaction_id: paypalId(17) } : {}),
      transaction_status: item.status,
      payout_item_fee: { currency: item.amount.currency, value: '0.00' },
      payout_batch_id: batch.payoutBatchId,
      payout_item: {
        recipient_type: 'EMAIL',
        amount: item.amount,
        note: item.note,
        receiver: item.receiver,
        sender_item_id: item.senderItemId,
      },
      time_processed: stamp(batch.completedAt ?? batch.createdAt),
      ...(item.errors ? { errors: { ...item.errors, information_link: docs } } : {}),
      links: [{ href: `${origin}/v1/payments/payouts-item/${item.id}`, rel: 'item', method: 'GET', encType: 'application/json' }],
    })),
    links: [batchLink(origin, batch)],
  };
}

/** PayPal's error body: name, message, debug_id, information_link, and details when it has them. */
export function apiError(name: string, message: string, extra: Json = {}): Json {
  return { name, message, debug_id: randomBytes(7).toString('hex'), information_link: `${docs}#errors`, ...extra, links: [] };
}

/** PayPal-style ids: upper-case letters and digits. */
function paypalId(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const objectAt = (value: Json, key: string): Json => {
  const inner = value[key];
  return isObject(inner) ? inner : {};
};

function parseBody(body: string): Json {
  try {
    const parsed: unknown = JSON.parse(body);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
