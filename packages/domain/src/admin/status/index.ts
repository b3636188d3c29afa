// The admin back-office status section's use cases.
export {};
