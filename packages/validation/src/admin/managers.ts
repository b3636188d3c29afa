// The admin back-office managers section's payloads (spec 2.5, 5, 7).
export {};
