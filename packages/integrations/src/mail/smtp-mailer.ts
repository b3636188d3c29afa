// The production mail adapter (the domain's Mailer port over SMTP, through nodemailer).
import type { Mailer } from '@doppel/domain/ports';
import { createTransport } from 'nodemailer';

/** The sender when MAIL_FROM is not set. */
export const defaultMailFrom = 'Doppel <no-reply@doppel.local>';

/**
 * Sends through an SMTP server given as a URL (`smtp://user:pass@host:587`, `smtps://…:465`);
 * nodemailer upgrades plain connections with STARTTLS when the server offers it. A failed send
 * throws, so the caller's request fails instead of pretending the email went out.
 */
export function createSmtpMailer(options: { url: string; from?: string | undefined }): Mailer {
  const transport = createTransport(options.url);
  const from = options.from ?? defaultMailFrom;
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
  };
}
