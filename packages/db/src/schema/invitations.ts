import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** An invitation to manage a talent; the invitee becomes a manager on signing in with `email`. */
export const invitations = pgTable(
  'invitations',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text().notNull(),
    invitedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_talent_email_unique').on(t.talentId, t.email),
    index('invitations_email_idx').on(t.email),
    index('invitations_invited_by_idx').on(t.invitedByUserId),
  ],
);
