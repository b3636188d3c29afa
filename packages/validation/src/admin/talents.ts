// The admin back-office talents section's payloads (spec 2.5, 5, 7).
export {};
