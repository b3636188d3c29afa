// The admin talent detail's read-only tabs' payloads: Model, Payouts, Broadcast, Analytics.
export {};
