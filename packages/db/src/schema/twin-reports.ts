import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** Why someone reported a twin (docs/safety.md, Take-down). */
export const twinReportReasons = ['IMPERSONATION', 'HARMFUL_CONTENT', 'OTHER'] as const;
export type TwinReportReason = (typeof twinReportReasons)[number];
export const twinReportStatuses = ['OPEN', 'CLOSED'] as const;
export type TwinReportStatus = (typeof twinReportStatuses)[number];

/**
 * A report from the public Report a twin form, reviewed in the admin Reports queue. The reporter's
 * email is kept to answer them; the sending address only as a hash, to count reports per address.
 */
export const twinReports = pgTable(
  'twin_reports',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    reason: text().$type<TwinReportReason>().notNull(),
    description: text().notNull(),
    reporterEmail: text().notNull(),
    /** The signed-in account that sent it; null for a visitor (or once that account is deleted). */
    reporterUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the sending address, for the per-address limit; never shown. */
    reporterAddressHash: text(),
    status: text().$type<TwinReportStatus>().notNull().default('OPEN'),
    closingNote: text(),
    closedAt: timestamp({ withTimezone: true }),
    closedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin queue: one status, newest first, keyset (created, id).
    index('twin_reports_status_created_id_idx').on(t.status, t.createdAt, t.id),
    index('twin_reports_created_id_idx').on(t.createdAt, t.id),
    index('twin_reports_talent_idx').on(t.talentId),
    index('twin_reports_reporter_user_idx').on(t.reporterUserId),
    index('twin_reports_closed_by_idx').on(t.closedByUserId),
    // The abuse limits count recent reports per address and per email.
    index('twin_reports_address_created_idx').on(t.reporterAddressHash, t.createdAt),
    index('twin_reports_email_created_idx').on(t.reporterEmail, t.createdAt),
    check('twin_reports_reason_check', sql`${t.reason} in ('IMPERSONATION', 'HARMFUL_CONTENT', 'OTHER')`),
    check('twin_reports_status_check', sql`${t.status} in ('OPEN', 'CLOSED')`),
  ],
);
