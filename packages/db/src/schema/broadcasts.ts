import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { broadcastStatusEnum } from './enums.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/**
 * A message scheduled by an admin for the broadcast audience. With a talent it is sent in that
 * twin's chats; without one it goes out in every twin's chats the audience has.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: idColumn(),
    status: broadcastStatusEnum().notNull().default('SCHEDULED'),
    message: text().notNull(),
    talentId: text().references(() => talents.id, { onDelete: 'cascade' }),
    pushNotificationHeadline: text(),
    pushNotificationMessage: text(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    startedPreparingAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    scheduledMessageCount: integer().notNull().default(0),
    sentMessageCount: integer().notNull().default(0),
    createdByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('broadcasts_scheduled_idx').on(t.scheduledAt),
    // The worker picks due broadcasts by status and time.
    index('broadcasts_status_scheduled_idx').on(t.status, t.scheduledAt),
    // A talent's broadcasts by schedule, keyset (scheduled, id); also serves the foreign key.
    index('broadcasts_talent_scheduled_id_idx').on(t.talentId, t.scheduledAt, t.id),
    index('broadcasts_created_by_idx').on(t.createdByUserId),
    check('broadcasts_counts_non_negative', sql`${t.scheduledMessageCount} >= 0 and ${t.sentMessageCount} >= 0`),
  ],
);
