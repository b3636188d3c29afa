// The admin back-office's use cases: the shared keyset paging, then one folder per section.

export * from './app/index.ts';
export * from './audit/index.ts';
export * from './broadcasts/index.ts';
export * from './chats/index.ts';
export * from './default-views.ts';
export * from './discover/index.ts';
export * from './faqs/index.ts';
export * from './managers/index.ts';
export * from './models/index.ts';
export * from './paging.ts';
export * from './payments/index.ts';
export * from './payouts/index.ts';
export * from './reactions/index.ts';
export * from './records/get-record.ts';
export * from './reports/index.ts';
export * from './status/index.ts';
export * from './talent-tabs/index.ts';
export * from './talents/index.ts';
export * from './users/index.ts';
