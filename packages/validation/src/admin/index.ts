// The admin back-office's API payloads: the shared list shape, then one file per section.

export * from './app.ts';
export * from './audit.ts';
export * from './broadcasts.ts';
export * from './chat-filters.ts';
export * from './chats.ts';
export * from './discover.ts';
export * from './faqs.ts';
export * from './list.ts';
export * from './managers.ts';
export * from './models.ts';
export * from './payment-filters.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './quality.ts';
export * from './quality-labels.ts';
export * from './reactions.ts';
export * from './record-tables.ts';
export * from './records.ts';
export * from './reports.ts';
export * from './safety.ts';
export * from './status.ts';
export * from './talent-tabs.ts';
export * from './talents.ts';
export * from './training-examples.ts';
export * from './users.ts';
