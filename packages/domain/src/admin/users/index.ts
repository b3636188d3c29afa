// The admin back-office users section's use cases.
export {};
