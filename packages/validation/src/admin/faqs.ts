// The admin back-office faqs section's payloads (spec 2.5, 5, 7).
export {};
