// POST /v1/checkout/sessions as the fake understands it: the parameters our adapter (and most
// integrations) send, validated the way Stripe refuses them, with prices resolved to amounts.
import {
  FakeStripeError,
  type FormObject,
  type FormValue,
  optionalInteger,
  optionalObject,
  optionalString,
  readMetadata,
  requiredString,
} from './fake-stripe-form.ts';
import { type FakeLineItem, type FakePrice, type Interval, type Metadata, stripeId } from './fake-stripe-objects.ts';

export type CheckoutInput = {
  mode: 'payment' | 'subscription';
  lineItems: FakeLineItem[];
  currency: string;
  amount: number;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Metadata;
  paymentIntentMetadata: Metadata;
  subscriptionMetadata: Metadata;
  successUrl: string | null;
  cancelUrl: string | null;
};

const INTERVALS: readonly string[] = ['day', 'week', 'month', 'year'];
const isInterval = (value: string): value is Interval => INTERVALS.includes(value);

export function readCheckoutParams(
  params: FormObject,
  findPrice: (id: string) => FakePrice | undefined,
  created: number,
): CheckoutInput {
  const mode = requiredString(params, 'mode');
  if (mode !== 'payment' && mode !== 'subscription') {
    throw new FakeStripeError(400, `Invalid mode: the fake Stripe supports payment and subscription, not ${mode}`, {
      param: 'mode',
    });
  }
  const rawItems = params.line_items;
  if (!Array.isArray(rawItems) || rawItems.length === 0) {
    throw new FakeStripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
  }
  const lineItems = rawItems.map((item, index) => readLineItem(item, `line_items[${index}]`, findPrice, created));
  const currencies = new Set(lineItems.map((item) => item.price.currency));
  const [currency] = currencies;
  if (!currency || currencies.size > 1) throw new FakeStripeError(400, 'All line items must use the same currency.');
  for (const [index, item] of lineItems.entries()) {
    if (mode === 'payment' && item.price.interval) {
      throw new FakeStripeError(400, 'You specified `payment` mode but passed a recurring price.', {
        param: `line_items[${index}]`,
      });
    }
  }
  if (mode === 'subscription' && !lineItems.some((item) => item.price.interval)) {
    throw new FakeStripeError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.');
  }
  if (mode === 'subscription' && params.payment_intent_data !== undefined) {
    throw new FakeStripeError(400, 'You can not pass `payment_intent_data` in `subscription` mode.', {
      param: 'payment_intent_data',
    });
  }
  if (mode === 'payment' && params.subscription_data !== undefined) {
    throw new FakeStripeError(400, 'You can not pass `subscription_data` in `payment` mode.', { param: 'subscription_data' });
  }
  const paymentIntentData = optionalObject(params, 'payment_intent_data') ?? {};
  const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
  return {
    mode,
    lineItems,
    currency,
    amount: lineItems.reduce((sum, item) => sum + item.price.unitAmount * item.quantity, 0),
    clientReferenceId: optionalString(params, 'client_reference_id'),
    customerEmail: optionalString(params, 'customer_email'),
    metadata: readMetadata(params, 'metadata'),
    paymentIntentMetadata: readMetadata(paymentIntentData, 'metadata', 'payment_intent_data'),
    subscriptionMetadata: readMetadata(subscriptionData, 'metadata', 'subscription_data'),
    successUrl: optionalString(params, 'success_url'),
    cancelUrl: optionalString(params, 'cancel_url'),
  };
}

function readLineItem(
  value: FormValue,
  prefix: string,
  findPrice: (id: string) => FakePrice | undefined,
  created: number,
): FakeLineItem {
  if (typeof value === 'string' || Array.isArray(value))
    throw new FakeStripeError(400, `Invalid object: ${prefix}`, { param: prefix });
  const quantity = optionalInteger(value, 'quantity', prefix);
  if (quantity === null || quantity < 1) {
    throw new FakeStripeError(400, `Missing required param: ${prefix}[quantity].`, { param: `${prefix}[quantity]` });
  }
  const priceId = optionalString(value, 'price', prefix);
  const priceData = optionalObject(value, 'price_data', prefix);
  if (priceId && priceData) throw new FakeStripeError(400, `You may only specify one of these parameters: price, price_data.`);
  if (priceId) {
    const price = findPrice(priceId);
    if (!price) {
      throw new FakeStripeError(400, `No such price: '${priceId}'`, { code: 'resource_missing', param: `${prefix}[price]` });
    }
    return { price, quantity };
  }
  if (!priceData) throw new FakeStripeError(400, `${prefix}: you must specify either price or price_data.`, { param: prefix });
  return { price: readPriceData(priceData, `${prefix}[price_data]`, created), quantity };
}

// Stripe turns inline price_data into a price (and product) of its own.
function readPriceData(data: FormObject, prefix: string, created: number): FakePrice {
  const currency = requiredString(data, 'currency', prefix).toLowerCase();
  const unitAmount = optionalInteger(data, 'unit_amount', prefix);
  if (unitAmount === null || unitAmount < 0) {
    throw new FakeStripeError(400, `Missing required param: ${prefix}[unit_amount].`, { param: `${prefix}[unit_amount]` });
  }
  const productData = optionalObject(data, 'product_data', prefix);
  const productId = optionalString(data, 'product', prefix);
  if (!productData && !productId) {
    throw new FakeStripeError(400, `${prefix}: you must specify either product or product_data.`, { param: prefix });
  }
  const recurring = optionalObject(data, 'recurring', prefix);
  const interval = recurring ? requiredString(recurring, 'interval', `${prefix}[recurring]`) : null;
  if (interval !== null && !isInterval(interval)) {
    throw new FakeStripeError(400, `Invalid ${prefix}[recurring][interval]: must be one of day, week, month, or year`);
  }
  return {
    id: stripeId('price'),
    productId: productId ?? stripeId('prod', 14),
    productName: productData ? requiredString(productData, 'name', `${prefix}[product_data]`) : (productId ?? ''),
    unitAmount,
    currency,
    interval,
    created,
  };
}
