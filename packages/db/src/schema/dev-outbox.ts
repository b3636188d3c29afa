import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';

/** Emails kept for the development outbox page when no SMTP server is configured. */
export const devOutboxEmails = pgTable(
  'dev_outbox_emails',
  {
    id: idColumn(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** The action link of the email (a sign-in link), shown as a button on the outbox page. */
    link: text(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_emails_created_idx').on(t.createdAt)],
);
