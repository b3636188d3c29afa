// The development outbox (the API's dev.outbox): with no SMTP server configured, the dev-outbox
// mailer keeps emails in the database instead of sending them, and the /dev/outbox page lists them.
import { devOutboxEmails, type Executor } from '@doppel/db';
import { desc } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import type { Mailer } from '../ports/mailer.ts';

export type DevOutboxEmail = { id: string; to: string; subject: string; text: string; link: string | null; createdAt: string };

/** The page shows the latest few; the outbox is a development aid, not an archive. */
const shownEmails = 50;

/** The newest kept emails first. NOT_FOUND while email goes through SMTP: there is no outbox then. */
export async function listDevOutbox(db: Executor, mailer: Pick<Mailer, 'kind'>): Promise<DevOutboxEmail[]> {
  if (mailer.kind !== 'dev-outbox') throw new DomainError('NOT_FOUND', 'The development outbox is off: email goes through SMTP.');
  const rows = await db.select().from(devOutboxEmails).orderBy(desc(devOutboxEmails.createdAt)).limit(shownEmails);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
