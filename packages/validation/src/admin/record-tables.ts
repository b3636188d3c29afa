// The tables an admin may open as a database record.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.

/** The tables whose rows an admin may open as a record. Sessions and tokens are deliberately absent. */
export const adminRecordTables = [
  'users',
  'talents',
  'talent_configs',
  'chats',
  'faqs',
  'public_talents',
  'models',
  'app_configs',
  'payments',
  'payouts',
  'broadcasts',
  'knowledge_sources',
] as const;
export type AdminRecordTable = (typeof adminRecordTables)[number];
