import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * A person's "Download my data" request (docs/safety.md, Data rights): a worker job writes the
 * ZIP to file storage (`exports/{userId}/{id}.zip`, never served by /files) and marks it READY
 * with an expiry; only its owner, signed in, can download it until then. Deleted with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** REQUESTED until the job has written the file, then READY; FAILED when the job gave up. */
    status: text().$type<'REQUESTED' | 'READY' | 'FAILED'>().notNull().default('REQUESTED'),
    filePath: text(),
    readyAt: timestamp({ withTimezone: true }),
    /** After this the download is refused and the request shows as expired. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    check('data_exports_status_check', sql`${t.status} in ('REQUESTED', 'READY', 'FAILED')`),
  ],
);
