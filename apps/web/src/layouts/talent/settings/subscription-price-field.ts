// The monetisation page's subscription price: checked in the form as the server checks it, and sent
// only when it changed, since every new price is a new product (docs/payments.md).
import { messages, subscriptionCentsSchema, subscriptionPriceProblem, type TalentSettings } from '@doppel/validation';

type Stored = Pick<TalentSettings, 'subscriptionPriceCents' | 'subscriptionPriceLimits'>;

/**
 * The field's error, or null. Empty is fine while the twin sells no subscription (it stays so); the
 * admins' limits apply to a new price only, so a price set under older limits does not block saving
 * the other prices.
 */
export function subscriptionPriceError(value: number | string, stored: Stored): string | null {
  if (value === '') return stored.subscriptionPriceCents === null ? null : messages.required;
  if (value === stored.subscriptionPriceCents) return null;
  const parsed = subscriptionCentsSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.required;
  return subscriptionPriceProblem(parsed.data, stored.subscriptionPriceLimits);
}

/** What to send for the field: the new price in cents, or nothing when it did not change. */
export function subscriptionPriceChange(value: number | string, stored: Stored): { subscriptionPriceCents?: number } {
  return typeof value === 'number' && value !== stored.subscriptionPriceCents ? { subscriptionPriceCents: value } : {};
}
