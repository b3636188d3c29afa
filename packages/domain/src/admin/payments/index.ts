// The admin back-office Payments section: the list and one payment with its ledger.
export { type GetAdminPaymentOptions, getAdminPayment } from './get-payment.ts';
export { type ListAdminPaymentsInput, listAdminPayments } from './list-payments.ts';
