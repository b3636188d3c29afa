import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { earningSourceEnum, payoutStatusEnum, talentLedgerKindEnum } from './enums.ts';
import { payouts } from './payouts.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/**
 * Every movement of a talent's money, immutable (rows are only ever inserted), the truth the
 * earning frames and `talent_configs.total_payout_amount` are read models of (docs/payouts.md).
 *
 * - EARNING: a paid message, unlock or subscription period (gross what the fan paid, net the
 *   talent's share) or a referral share (gross = net); REVERSAL takes earnings back (negative),
 *   REINSTATEMENT gives a reversal back (positive). `occurredAt` is the frame date they are booked in.
 * - PAYOUT: one status change of a payout. `heldCents` is the change in money held by payouts
 *   (pending or executed), `paidCents` the change in money paid out (executed): a request holds
 *   (+amount, 0), EXECUTED posts (0, +amount), REJECTED or FAILED releases (-amount, 0).
 *
 * `key` is unique, so a retry or a replay cannot book a movement twice: `message:{id}`,
 * `unlock:{messageId}:{attachmentId}`, `payment:{movementKey}`, `payment-ledger:{key}` (reversals),
 * with `:referral` for the referrer's share, and `payout:{id}:{n}` for a payout's n-th change.
 */
export const talentLedger = pgTable(
  'talent_ledger',
  {
    id: idColumn(),
    key: text().notNull(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'restrict' }),
    kind: talentLedgerKindEnum().notNull(),
    /** EARNING, REVERSAL, REINSTATEMENT: which source's columns of the frames it moved. */
    source: earningSourceEnum(),
    /** Signed micro-USD. */
    grossMicroUsd: bigint({ mode: 'number' }).notNull().default(0),
    netMicroUsd: bigint({ mode: 'number' }).notNull().default(0),
    payoutId: text().references(() => payouts.id, { onDelete: 'restrict' }),
    /** PAYOUT: the status set and the one before it (null for the request). */
    payoutStatus: payoutStatusEnum(),
    previousPayoutStatus: payoutStatusEnum(),
    /** PAYOUT: signed cents (USD). */
    heldCents: bigint({ mode: 'number' }).notNull().default(0),
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    /** PAYOUT: the rejection or failure reason given with the change. */
    reason: text(),
    /** Who made the change (the requesting manager, the admin); null for the system (a job, PayPal). */
    actorUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /** When the movement counts: the frame date of an earning, the time of a payout change. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('talent_ledger_key_unique').on(t.key),
    // Sums per talent and period (statements, the settlement check), and the payout timeline.
    index('talent_ledger_talent_occurred_idx').on(t.talentId, t.occurredAt),
    // One kind of a twin's entries (the statements' payout months) without reading its million earnings.
    index('talent_ledger_talent_kind_occurred_idx').on(t.talentId, t.kind, t.occurredAt),
    index('talent_ledger_payout_idx').on(t.payoutId, t.createdAt),
    index('talent_ledger_actor_idx').on(t.actorUserId),
    check(
      'talent_ledger_kind_shape',
      sql`(${t.kind} = 'PAYOUT') = (${t.payoutId} is not null and ${t.payoutStatus} is not null and ${t.source} is null)`,
    ),
  ],
);
