import { describe, expect, it } from 'vitest';
import {
  centsFromDollars,
  defaultSubscriptionPriceLimits,
  dollarsText,
  subscriptionCentsSchema,
  subscriptionPriceMessages,
  subscriptionPriceProblem,
} from './subscription-price.ts';

describe('dollarsText', () => {
  it('writes whole cents as dollars with two fraction digits and thousands separators', () => {
    expect(dollarsText(499)).toBe('$4.99');
    expect(dollarsText(4_999)).toBe('$49.99');
    expect(dollarsText(5)).toBe('$0.05');
    expect(dollarsText(1_000)).toBe('$10.00');
    expect(dollarsText(100_000)).toBe('$1,000.00');
  });
});

describe('centsFromDollars', () => {
  it('reads what a dollar field holds as exact cents, without float drift', () => {
    expect(centsFromDollars(4.99)).toBe(499);
    expect(centsFromDollars('4.9')).toBe(490);
    expect(centsFromDollars(' 12 ')).toBe(1_200);
    expect(centsFromDollars(0.29)).toBe(29);
    expect(centsFromDollars(1.005)).toBeUndefined();
    expect(centsFromDollars('')).toBeUndefined();
    expect(centsFromDollars('4.')).toBeUndefined();
    expect(centsFromDollars('-1')).toBeUndefined();
    expect(centsFromDollars('abc')).toBeUndefined();
  });
});

describe('subscriptionCentsSchema', () => {
  const errorOf = (value: unknown) => subscriptionCentsSchema.safeParse(value).error?.issues[0]?.message;
  it('takes whole positive cents up to $1,000', () => {
    expect(subscriptionCentsSchema.parse(999)).toBe(999);
    expect(subscriptionCentsSchema.parse(100_000)).toBe(100_000);
  });
  it('says what is wrong with anything else', () => {
    expect(errorOf('')).toBe('Required');
    expect(errorOf(9.5)).toBe(subscriptionPriceMessages.wholeCents);
    expect(errorOf('9.99')).toBe(subscriptionPriceMessages.wholeCents);
    expect(errorOf(0)).toBe(subscriptionPriceMessages.positive);
    expect(errorOf(100_001)).toBe('The price must be at most $1,000.00');
  });
});

describe('subscriptionPriceProblem', () => {
  it('names the allowed range for a price outside the limits, inclusive at both ends', () => {
    const limits = defaultSubscriptionPriceLimits;
    expect(subscriptionPriceProblem(499, limits)).toBeNull();
    expect(subscriptionPriceProblem(4_999, limits)).toBeNull();
    expect(subscriptionPriceProblem(498, limits)).toBe('Choose a price between $4.99 and $49.99');
    expect(subscriptionPriceProblem(5_000, limits)).toBe('Choose a price between $4.99 and $49.99');
  });
});
