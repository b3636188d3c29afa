// The admin back-office Payouts section: the list and one payout with its ledger timeline.
export { getAdminPayout } from './get-payout.ts';
export { type ListAdminPayoutsInput, listAdminPayouts } from './list-payouts.ts';
