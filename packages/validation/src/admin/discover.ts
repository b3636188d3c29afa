// The admin back-office discover section's payloads (spec 2.5, 5, 7).
export {};
