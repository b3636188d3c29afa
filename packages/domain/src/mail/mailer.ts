import { devOutboxEmails, type Executor } from '@doppel/db';

/** An email the product sends; `link` is its one action (a sign-in link), `html` its rich version. */
export type Email = { to: string; subject: string; text: string; html?: string; link?: string };

/** Port for sending email: SMTP in production, the development outbox without configuration. */
export type Mailer = { readonly kind: 'smtp' | 'dev-outbox'; send: (email: Email) => Promise<void> };

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
