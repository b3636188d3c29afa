// The admin back-office app section's use cases.
export {};
