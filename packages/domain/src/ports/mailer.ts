// The mail port: the domain builds emails; packages/integrations sends them (SMTP, or the
// development outbox when no SMTP server is configured).

/** An email the product sends; `link` is its one action (a sign-in link), `html` its rich version. */
export type Email = { to: string; subject: string; text: string; html?: string; link?: string };

/** Port for sending email: SMTP in production, the development outbox without configuration. */
export type Mailer = { readonly kind: 'smtp' | 'dev-outbox'; send: (email: Email) => Promise<void> };
