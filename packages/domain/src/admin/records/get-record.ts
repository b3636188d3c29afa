// `admin.records.get`: one stored row, for the "Database record" links of the admin screens.
import {
  appConfigs,
  broadcasts,
  chats,
  type Executor,
  faqs,
  knowledgeSources,
  models,
  payments,
  payouts,
  publicTalents,
  talentConfigs,
  talents,
  users,
} from '@doppel/db';
import type { AdminRecordInput, AdminRecordOutput, AdminRecordTable } from '@doppel/validation';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DomainError } from '../../errors.ts';

const tables: Record<AdminRecordTable, PgTable> = {
  users,
  talents,
  talent_configs: talentConfigs,
  chats,
  faqs,
  public_talents: publicTalents,
  models,
  app_configs: appConfigs,
  payments,
  payouts,
  broadcasts,
  knowledge_sources: knowledgeSources,
};

type Json = AdminRecordOutput['record'][string];

/** A stored value as JSON: timestamps as ISO text, everything else as the driver read it. */
function toJson(value: unknown): Json {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** The row with its fields named as in docs/product-rules.md#records (camelCase); NOT_FOUND when no row has that id. */
export async function getAdminRecord(db: Executor, input: AdminRecordInput): Promise<AdminRecordOutput> {
  const table = tables[input.table];
  const columns = getTableColumns(table);
  const idColumn = columns.id;
  if (!idColumn) throw new DomainError('INVALID', 'This table cannot be opened as a record');
  const [row] = await db.select().from(table).where(eq(idColumn, input.id)).limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'There is no such record.');
  const record: Record<string, Json> = {};
  for (const key of Object.keys(columns)) record[key] = toJson((row as Record<string, unknown>)[key]);
  return { table: input.table, id: input.id, record };
}
