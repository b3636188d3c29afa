import { describe, expect, it } from 'vitest';
import { subscriptionPriceChange, subscriptionPriceError } from './subscription-price-field.ts';

const limits = { minCents: 499, maxCents: 4_999 };
const selling = { subscriptionPriceCents: 999, subscriptionPriceLimits: limits };
const none = { subscriptionPriceCents: null, subscriptionPriceLimits: limits };

describe('subscriptionPriceError', () => {
  it('names the range for a new price outside the limits', () => {
    expect(subscriptionPriceError(5_000, selling)).toBe('Choose a price between $4.99 and $49.99');
    expect(subscriptionPriceError(1_499, selling)).toBeNull();
  });

  it('lets a price set under older limits stand, so the other prices can still be saved', () => {
    expect(subscriptionPriceError(999, { ...selling, subscriptionPriceLimits: { minCents: 1_500, maxCents: 2_000 } })).toBeNull();
  });

  it('needs a price once the twin sells a subscription, and none before', () => {
    expect(subscriptionPriceError('', selling)).toBe('Required');
    expect(subscriptionPriceError('', none)).toBeNull();
  });

  it('says so while what was typed is not a price', () => {
    expect(subscriptionPriceError('12.', selling)).toBe('Enter a price in dollars and cents, like 9.99');
  });
});

describe('subscriptionPriceChange', () => {
  it('sends a changed price only: every new price is a new product', () => {
    expect(subscriptionPriceChange(1_499, selling)).toEqual({ subscriptionPriceCents: 1_499 });
    expect(subscriptionPriceChange(999, selling)).toEqual({});
    expect(subscriptionPriceChange('', none)).toEqual({});
  });
});
