// A twin's monthly subscription price (docs/payments.md, "Subscription prices"): the creator picks
// it on the monetisation page, between a minimum and a maximum the admins set on the App page.
// Prices cross the API and sit in the database as whole US cents; the forms edit dollars and
// convert with `centsFromDollars`, so no float ever reaches a stored amount.
import { z } from 'zod';
import { messages } from '../common/messages.ts';

/** The admins' limits until they change them: $4.99 to $49.99 (the app_configs defaults). */
export const defaultSubscriptionPriceLimits = { minCents: 499, maxCents: 4_999 } as const;
/** No limit goes above $1,000 a month: it guards the admin form against a typo. */
export const subscriptionPriceCeilingCents = 100_000;

export type SubscriptionPriceLimits = { minCents: number; maxCents: number };

/** Whole cents as dollars, computed on integers: 499 -> "$4.99", 100000 -> "$1,000.00". */
export function dollarsText(cents: number): string {
  const dollars = Math.floor(cents / 100).toLocaleString('en-US');
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** A dollar amount as typed (4.99, "4.9", '') as whole cents, or undefined when it is not one. */
export function centsFromDollars(dollars: unknown): number | undefined {
  const text = typeof dollars === 'number' ? String(dollars) : typeof dollars === 'string' ? dollars.trim() : '';
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const subscriptionPriceMessages = {
  wholeCents: 'Enter a price in dollars and cents, like 9.99',
  positive: 'The price must be more than $0.00',
  ceiling: `The price must be at most ${dollarsText(subscriptionPriceCeilingCents)}`,
  outsideLimits: (limits: SubscriptionPriceLimits) =>
    `Choose a price between ${dollarsText(limits.minCents)} and ${dollarsText(limits.maxCents)}`,
  minAboveMax: 'The minimum must not be above the maximum',
} as const;

/** A price in whole cents: more than nothing, at most the ceiling ('' from a form reads as Required). */
export const subscriptionCentsSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : subscriptionPriceMessages.wholeCents) })
    .int(subscriptionPriceMessages.wholeCents)
    .min(1, subscriptionPriceMessages.positive)
    .max(subscriptionPriceCeilingCents, subscriptionPriceMessages.ceiling),
);

/** The field error for a price outside the admins' limits, or null when it is inside them. */
export function subscriptionPriceProblem(cents: number, limits: SubscriptionPriceLimits): string | null {
  return cents < limits.minCents || cents > limits.maxCents ? subscriptionPriceMessages.outsideLimits(limits) : null;
}
