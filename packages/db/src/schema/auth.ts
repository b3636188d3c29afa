import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Sessions per the Lucia guide: the id is the SHA-256 hex of the secret token the browser holds,
 * so a database leak does not leak usable tokens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Sliding expiry, pushed forward on use (inactivity timeout). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Hard limit that use never extends. */
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use sign-in links: only the SHA-256 of the token is stored, bound to one email. */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: text().primaryKey(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_tokens_email_created_idx').on(t.email, t.createdAt),
    index('sign_in_tokens_expires_idx').on(t.expiresAt),
  ],
);
