// The admin back-office talents section's use cases.
export {};
