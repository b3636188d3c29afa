// The admin back-office status section's payloads (spec 2.5, 5, 7).
export {};
