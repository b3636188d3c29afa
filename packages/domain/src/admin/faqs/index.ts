// The admin back-office faqs section's use cases.
export {};
