// The development mail adapter: with no SMTP server configured, emails are kept in the database
// and shown on the /dev/outbox page (the API's env refuses this in production unless DEV_OUTBOX=on).
import { devOutboxEmails, type Executor } from '@doppel/db';
import type { Mailer } from '@doppel/domain/ports';

/** Keeps emails in the database for the development outbox page instead of sending them. */
export function createDevOutboxMailer(db: Executor, log: (message: string) => void): Mailer {
  return {
    kind: 'dev-outbox',
    async send(email) {
      await db
        .insert(devOutboxEmails)
        .values({ to: email.to, subject: email.subject, text: email.text, link: email.link ?? null });
      log(`email to ${email.to} kept in the development outbox: ${email.subject}${email.link ? ` ${email.link}` : ''}`);
    },
  };
}
