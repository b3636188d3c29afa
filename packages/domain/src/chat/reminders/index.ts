export * from './plan-reminders.ts';
export * from './reminder-rules.ts';
