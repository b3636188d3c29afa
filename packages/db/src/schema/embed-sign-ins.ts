// Signing in from the twin's chat framed on a creator's site (docs/embed.md#signing-in-from-the-frame):
// the frame's anonymous session asks; the person confirms in a tab of their own, signed in to their
// account; the frame's session then becomes that account's, with the anonymous fan merged into it.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { createdAt } from './columns.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** One request, by the SHA-256 of its one-time token (the token itself is only in the tab's address). */
export const embedSignIns = pgTable(
  'embed_sign_ins',
  {
    tokenHash: text().primaryKey(),
    /** The frame's session, re-pointed to the account once confirmed. */
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The frame's anonymous fan, merged into the account once confirmed. */
    anonymousUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The twin whose framed chat asked: named on the confirmation. */
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The account that confirmed; null while waiting. */
    confirmedByUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('embed_sign_ins_session_idx').on(t.sessionId),
    index('embed_sign_ins_anonymous_user_idx').on(t.anonymousUserId),
    index('embed_sign_ins_talent_idx').on(t.talentId),
    index('embed_sign_ins_confirmed_by_idx').on(t.confirmedByUserId),
  ],
);
