// The admin back-office discover section's use cases.
export {};
