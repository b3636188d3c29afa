// How the Payouts section (and the talent detail's Payouts tab) words things: statuses and their
// colours, transfer types, amounts, the list's filter in the address (?status=…), the bank file's
// note, and each timeline entry as a title and a money effect. Pure, unit-tested.
import {
  type AdminPayoutStatusFilter,
  type AdminPayoutTimelineEntry,
  adminPayoutStatusFilters,
  payoutStatuses,
} from '@doppel/validation';
import { formatPrice } from '../../../components/money.ts';
import { payoutStatusColors, payoutStatusLabels } from '../../../components/payout-labels.ts';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

/** The settings form's status choices, in the order of docs/product-rules.md#payout-statuses. */
export const payoutStatusOptions = payoutStatuses.map((value) => ({ value, label: payoutStatusLabels[value] }));

/** The list's "Status" filter: All, then every status. */
export const payoutStatusFilterOptions = adminPayoutStatusFilters.map((value) => ({
  value,
  label: value === 'all' ? 'All' : payoutStatusLabels[value],
}));

/** The list's address parameter: ?status=… (all by default). */
export const payoutListParams = {
  status: { options: adminPayoutStatusFilters, default: 'all' },
} as const satisfies ListParamsSpec;

/** Live events the Payouts screens refresh on. */
export const payoutEntities = ['payouts'] as const;

export function payoutPath(payoutId: string): string {
  return `/payouts/${encodeURIComponent(payoutId)}`;
}

/** Integer cents as money: 1234 -> "$12.34" (the payout's own currency). */
export function formatPayoutMoney(cents: number, currency: string): string {
  return formatPrice({ amount: cents, fractionDigits: 2, currency });
}

/** A payout's amount with its currency spelled out, as lists and headers show it: "$12.34 USD". */
export function formatPayoutAmount(cents: number, currency: string): string {
  return `${formatPayoutMoney(cents, currency)} ${currency.toUpperCase()}`;
}

/** What the empty list says for the chosen status. */
export function emptyPayoutsText(status: AdminPayoutStatusFilter): string {
  return status === 'all' ? 'No payouts yet.' : `No ${payoutStatusLabels[status].toLowerCase()} payouts.`;
}

/** A person as the detail names them: their name, else their email, else "Deleted user". */
export function personLabel(person: { name: string | null; email: string | null } | null): string {
  if (!person) return 'Deleted user';
  return person.name?.trim() || person.email || 'Deleted user';
}

/** Who made a timeline change: the admin, or "System" for PayPal and jobs. */
export function actorLabel(actor: AdminPayoutTimelineEntry['actor']): string {
  return actor ? personLabel(actor) : 'System';
}

/** A timeline entry's title: the request, or the status it moved to. */
export function timelineTitle(entry: Pick<AdminPayoutTimelineEntry, 'status' | 'previousStatus'>): string {
  if (entry.previousStatus === null) return 'Requested';
  if (entry.status === 'PENDING') return 'Set back to pending';
  return payoutStatusLabels[entry.status];
}

/**
 * What a change did to the talent's money: "$80.00 held" (a request or a re-opening), "$80.00
 * released" (rejected or failed), "$80.00 paid out" (executed), "$80.00 no longer paid out" (an
 * executed payout set back), or "No money moved" (a reason edited).
 */
export function timelineEffect(entry: Pick<AdminPayoutTimelineEntry, 'heldCents' | 'paidCents'>, currency: string): string {
  const money = (cents: number) => formatPayoutMoney(Math.abs(cents), currency);
  const parts: string[] = [];
  if (entry.heldCents > 0) parts.push(`${money(entry.heldCents)} held`);
  if (entry.heldCents < 0) parts.push(`${money(entry.heldCents)} released`);
  if (entry.paidCents > 0) parts.push(`${money(entry.paidCents)} paid out`);
  if (entry.paidCents < 0) parts.push(`${money(entry.paidCents)} no longer paid out`);
  return parts.length > 0 ? parts.join(' · ') : 'No money moved';
}

/** The timeline bullet's colour: the colour of the status the change moved to. */
export function timelineColor(entry: Pick<AdminPayoutTimelineEntry, 'status' | 'previousStatus'>): string {
  return entry.previousStatus === null ? 'blue' : payoutStatusColors[entry.status];
}

/** "1 pending bank payout", "3 pending bank payouts". */
export function pendingBankPayoutsText(count: number): string {
  return count === 0 ? 'No pending bank payouts.' : `${count} pending bank ${count === 1 ? 'payout' : 'payouts'}`;
}

/**
 * The line under "Download bank file": why it cannot be made (not configured, nothing pending), or
 * how many payouts it holds. `ready` says whether the button may be used.
 */
export function bankFileNote(status: { unavailableReason: string | null; pendingBankPayouts: number }): {
  ready: boolean;
  text: string;
} {
  if (status.unavailableReason) return { ready: false, text: status.unavailableReason };
  return { ready: status.pendingBankPayouts > 0, text: pendingBankPayoutsText(status.pendingBankPayouts) };
}
