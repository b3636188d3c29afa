// The admin back-office talents section's use cases: list, create and get (docs/product-rules.md#admin-back-office, #calls); the update is
// talent/update-talent.ts, the creator's and the admin's one path.
export * from './create-talent.ts';
export * from './get-talent.ts';
export * from './list-talents.ts';
