/**
 * Business constants of docs/product-rules.md#constants-and-limits, in the integer units money uses everywhere: credits,
 * micro-USD (1e-6 USD) for earnings, cents for payouts, parts per million for shares.
 * The database defaults, the domain's money rules and the forms all read them from here.
 */
export const microUsdPerCredit = 100_000; // one credit = 0.10 USD
export const microUsdPerCent = 10_000;
export const ppmWhole = 1_000_000;
/** The creator keeps 60 %. */
export const defaultRevenueSharePpm = 600_000;
/** A referring talent earns 3 % of the referred talent's gross. */
export const defaultReferralRevenueSharePpm = 30_000;
/** Payouts start at 20 USD. */
export const minimumPayoutCents = 2_000;
/** Earnings become disbursable 24 hours after they were made. */
export const disbursableAfterMs = 24 * 60 * 60 * 1000;
