// The admin talent detail's read-only tabs: Model, Payouts, Broadcast, Analytics.
export {};
