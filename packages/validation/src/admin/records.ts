// The read-only "database record" view linked from admin detail screens (docs/product-rules.md#admin-back-office: links to the
// talent's and the FAQ's database record): one row of one table, as stored.
import { z } from 'zod';
import { adminId } from './list.ts';

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

export const adminRecordInput = z.object({
  table: z.enum(adminRecordTables, { error: 'This table cannot be opened as a record' }),
  id: adminId('Record ID'),
});
export type AdminRecordInput = z.infer<typeof adminRecordInput>;

/** The row's fields as named in docs/product-rules.md#records (camelCase), timestamps as ISO 8601 text. */
export const adminRecordOutput = z.object({
  table: z.enum(adminRecordTables),
  id: z.string(),
  record: z.record(z.string(), z.json()),
});
export type AdminRecordOutput = z.infer<typeof adminRecordOutput>;
