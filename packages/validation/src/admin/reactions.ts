// The admin back-office reactions section's payloads (spec 2.5, 5, 7).
export {};
