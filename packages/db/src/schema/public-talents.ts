import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import type { VisibilityRecord } from './json-types.ts';
import { talents } from './talents.ts';

/** A Discover entry; its id is the talent's id. */
export const publicTalents = pgTable(
  'public_talents',
  {
    id: text()
      .primaryKey()
      .references(() => talents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull().default(0),
    /** Visibility per surface (discoverFeed, discoverInReview, homepage1, homepage2). */
    isVisibleRecord: jsonb().$type<VisibilityRecord>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('public_talents_order_id_idx').on(t.order, t.id)],
);
