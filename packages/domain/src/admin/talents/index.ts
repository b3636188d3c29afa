// The admin back-office talents section's use cases: list, create, get and update (docs/product-rules.md#admin-back-office, #calls).
export * from './create-talent.ts';
export * from './get-talent.ts';
export * from './list-talents.ts';
export * from './update-talent.ts';
