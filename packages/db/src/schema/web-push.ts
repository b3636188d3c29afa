import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * The server's VAPID key pair (one row, id `default`), generated on first start and kept, so
 * browsers' subscriptions stay valid across restarts and machines.
 */
export const webPushKeys = pgTable('web_push_keys', {
  id: text().primaryKey().default('default'),
  /** URL-safe base64, as browsers take it for `applicationServerKey`. */
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: createdAt(),
});

/** A browser a fan turned notifications on in (the PushSubscription the browser gave). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; unique, so subscribing again replaces the keys. */
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
    /** The last time a push service accepted a notification for it. */
    lastPushedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
