import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { payoutStatusEnum, transferTypeEnum } from './enums.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/**
 * A creator's withdrawal request. `amount` is in minor units of `currency` (cents for USD).
 * Talents with payouts cannot be deleted: payouts are financial records. The row is the current
 * state; every change of its status is also an entry of `talent_ledger`, with who made it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'restrict' }),
    status: payoutStatusEnum().notNull().default('PENDING'),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('USD'),
    transferType: transferTypeEnum().notNull(),
    accountHolderName: text(),
    iban: text(),
    bic: text(),
    payPalEmail: text(),
    taxId: text(),
    requestedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    executedAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    /** PayPal payouts sent through the Payouts API: the batch PayPal made (sender_batch_id = id). */
    payPalBatchId: text(),
    /** The batch's last known state (PENDING, PROCESSING, SUCCESS, DENIED, CANCELED), polled by a job. */
    payPalBatchStatus: text(),
    payPalSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A talent's payouts, newest first, keyset (created, id).
    index('payouts_talent_created_id_idx').on(t.talentId, t.createdAt, t.id),
    index('payouts_created_idx').on(t.createdAt),
    index('payouts_status_created_idx').on(t.status, t.createdAt),
    index('payouts_requested_by_idx').on(t.requestedByUserId),
    check('payouts_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);
