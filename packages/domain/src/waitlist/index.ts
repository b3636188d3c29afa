// Joining the waitlist (docs/product-rules.md#waitlist).
export { joinWaitlist } from './join.ts';
