// The admin back-office app section's payloads (spec 2.5, 5, 7).
export {};
