// The admin talent detail's read-only tabs: Model, Payouts, Broadcast, Analytics.
export { type DayRange, exactInteger, fillDays, utcDayKey, utcDayRange } from './analytics-days.ts';
export { type GetTalentAnalyticsInput, getTalentAnalytics } from './analytics-tab.ts';
export { type ListTalentBroadcastsInput, listTalentBroadcasts } from './broadcasts-tab.ts';
export { getTalentModelTab } from './model-tab.ts';
export { type ListTalentPayoutsInput, listTalentPayouts } from './payouts-tab.ts';
