import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { earningFrameRangeEnum } from './enums.ts';
import { talents } from './talents.ts';

/** Key of the single TOTAL frame; DAY keys are `yyyy-MM-dd` and MONTH keys `yyyy-MM` (UTC). */
export const totalFrameKey = 'total';

/** The earning sources; each has a gross and a net column (`grossSendMessage`, `netSendMessage`…). */
export { earningSources } from '@doppel/validation';

const microUsd = () => bigint({ mode: 'number' }).notNull().default(0);

/**
 * A talent's earnings over one day, one month, or all time. Every amount is integer micro-USD
 * (1e-6 USD), exact enough for a 3 % share of one 0.10 USD credit. `gross*` is what fans paid,
 * `net*` the talent's share of it; `grossTotal`/`netTotal` are the sums of the five sources minus
 * the reversals (refunds and disputes).
 * Day frames roll up into their month (`parentKey`), months into the total.
 */
export const earningFrames = pgTable(
  'earning_frames',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    range: earningFrameRangeEnum().notNull(),
    key: text().notNull(),
    /** The key of the enclosing frame: the month for a day, `total` for a month, null for the total. */
    parentKey: text(),
    currency: text().notNull().default('USD'),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Exclusive end; null for the open-ended total. */
    endedAt: timestamp({ withTimezone: true }),
    grossTotal: microUsd(),
    netTotal: microUsd(),
    grossSendMessage: microUsd(),
    netSendMessage: microUsd(),
    grossUnlockImage: microUsd(),
    netUnlockImage: microUsd(),
    grossUnlockAudio: microUsd(),
    netUnlockAudio: microUsd(),
    grossReferral: microUsd(),
    netReferral: microUsd(),
    grossSubscription: microUsd(),
    netSubscription: microUsd(),
    /**
     * Earnings taken back by refunds and disputes (positive amounts, subtracted in the totals).
     * A day's totals may go below zero when a refund outweighs that day's earnings.
     */
    grossReversal: microUsd(),
    netReversal: microUsd(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('earning_frames_talent_range_key_unique').on(t.talentId, t.range, t.key),
    index('earning_frames_talent_range_started_idx').on(t.talentId, t.range, t.startedAt),
    index('earning_frames_talent_parent_idx').on(t.talentId, t.parentKey),
    check(
      'earning_frames_amounts_non_negative',
      sql`least(${t.grossSendMessage}, ${t.netSendMessage}, ${t.grossUnlockImage}, ${t.netUnlockImage}, ${t.grossUnlockAudio}, ${t.netUnlockAudio}, ${t.grossReferral}, ${t.netReferral}, ${t.grossSubscription}, ${t.netSubscription}, ${t.grossReversal}, ${t.netReversal}) >= 0`,
    ),
  ],
);

/** Key of the only metric frame per talent. */
export const totalMetricFrameId = 'total';

/** Engagement counters per talent (the dashboard's users and paying users), id `total`. */
export const metricFrames = pgTable(
  'metric_frames',
  {
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    id: text().notNull().default(totalMetricFrameId),
    chatWithAuthenticationCount: integer().notNull().default(0),
    chatWithPaymentCount: integer().notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.talentId, t.id] }),
    check('metric_frames_counts_non_negative', sql`${t.chatWithAuthenticationCount} >= 0 and ${t.chatWithPaymentCount} >= 0`),
  ],
);
