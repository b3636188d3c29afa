// The admin back-office reactions section's use cases.
export {};
