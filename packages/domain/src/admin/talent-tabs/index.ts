// The admin talent detail's read-only tabs: Model, Payouts, Broadcast, Analytics.
export * from './analytics-days.ts';
export * from './analytics-tab.ts';
export * from './broadcasts-tab.ts';
export * from './model-tab.ts';
export * from './payouts-tab.ts';
