import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Sessions per the Lucia guide: the browser holds `{id}.{secret}`; only the SHA-256 of the secret
 * is stored (hex) and compared in constant time, so a database leak yields no usable token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    secretHash: text().notNull(),
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

/**
 * Single-use sign-in links: the id is the SHA-256 hex of the emailed token, bound to one email.
 * `requestedFromIp` is the address that asked for the link, for the per-address rate limit; rows
 * are deleted by the clean-up job once expired, so the address is not kept much longer than the link.
 * `requestedByUserId` is the anonymous fan whose browser asked for the link: only that fan's chats
 * merge into the account when the link is opened (docs/chat-engine.md), so a link opened by
 * someone else cannot hand their chats to its owner.
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: text().primaryKey(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    requestedFromIp: text(),
    requestedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_tokens_requested_by_idx').on(t.requestedByUserId),
    index('sign_in_tokens_email_created_idx').on(t.email, t.createdAt),
    index('sign_in_tokens_ip_created_idx').on(t.requestedFromIp, t.createdAt),
    index('sign_in_tokens_expires_idx').on(t.expiresAt),
  ],
);
