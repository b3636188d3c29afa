// Words of the signed-in pages that the API's first paint (apps/api http/page-shell.ts) writes
// too, so the first paint and the page the app draws over it say the same.
import { minimumPayoutCents } from '../common/business.ts';
import { formatCents } from '../format/money.ts';

/** The Earnings page's Disbursable card: when earnings may be withdrawn. */
export const disbursableNote = `Earnings become disbursable 24 hours after they are made. Payouts start at ${formatCents(minimumPayoutCents)}.`;
