export { lastToldAt, reminderRows } from './plan-reminders.ts';
export { dueReminders, reminderIntervalMs, reminderText } from './reminder-rules.ts';
