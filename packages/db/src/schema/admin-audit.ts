import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { users } from './users.ts';

/** One field of an audited record as it was before an admin's change and after it (null: absent). */
export type AdminAuditChange = { field: string; before: unknown; after: unknown };

/**
 * The audit log of the back-office (docs/admin-backoffice.md): one row per admin mutation that
 * changed a record, written in the same transaction as the change. The record is named loosely
 * (entity + id, no foreign key) so its history outlives a deleted record. Secrets never reach
 * `changes`: the domain redacts them before the row is written.
 */
export const adminAuditEntries = pgTable(
  'admin_audit_entries',
  {
    id: idColumn(),
    /** The admin who made the change; null once their account is deleted (the entry stays). */
    actorUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /** What kind of record: 'talent', 'user', 'app', 'payout', ... (AdminAuditEntity). */
    entity: text().notNull(),
    entityId: text().notNull(),
    /** 'create', 'update' or 'delete'. */
    action: text().$type<'create' | 'update' | 'delete'>().notNull(),
    /** The tRPC procedure that made the change, e.g. admin.talents.update. */
    procedure: text().notNull(),
    changes: jsonb().$type<AdminAuditChange[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_entries_record_idx').on(t.entity, t.entityId, t.createdAt.desc(), t.id.desc()),
    index('admin_audit_entries_actor_idx').on(t.actorUserId),
  ],
);
