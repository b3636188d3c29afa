// The admin back-office users section's payloads (spec 2.5, 5, 7).
export {};
