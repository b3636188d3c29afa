// The admin back-office managers section's use cases.
export {};
