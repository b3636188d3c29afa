// The admin back-office talents section's use cases: list, create and get (docs/product-rules.md#admin-back-office, #calls); the update is
// talent/update-talent.ts, the creator's and the admin's one path.
export { createAdminTalent } from './create-talent.ts';
export { getAdminTalent } from './get-talent.ts';
export { type ListAdminTalentsInput, listAdminTalents } from './list-talents.ts';
