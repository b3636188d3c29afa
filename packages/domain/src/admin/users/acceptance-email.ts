// The email a user gets when an admin accepts them from the waitlist (docs/product-rules.md#waitlist: ACCEPTED lets the
// user on). Pure: the caller sends it through the Mailer once the change has committed.
import type { WaitlistStatus } from '@doppel/validation';
import { escapeHtml } from '../../html/escape-html.ts';
import type { Email } from '../../ports/mailer.ts';

/** The sign-in page of the deployment at `publicUrl`. */
export function signInPageUrl(publicUrl: string): string {
  return new URL('/sign-in', publicUrl).toString();
}

/**
 * "You're in!": plain text for every client and a simple HTML version with one button to the
 * sign-in page (not a sign-in link: those expire in minutes, this email may be read days later).
 */
export function waitlistAcceptedEmail(to: string, name: string, publicUrl: string): Email {
  const link = signInPageUrl(publicUrl);
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,';
  const text = `${greeting}\n\nYou're in! Your place on the Doppel waitlist has been accepted, so you can now create your AI digital twin.\n\nSign in with this email address to get started:\n\n${link}\n\nSee you inside,\nThe Doppel team`;
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">You're in!</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5">Your place on the Doppel waitlist has been accepted, so you can now create your AI digital twin. Sign in with this email address to get started.</p>
<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#7048e8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Sign in</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5c5f66">Or open this link:</p>
<p style="margin:0;font-size:13px;word-break:break-all"><a href="${href}" style="color:#7048e8">${href}</a></p>
</td></tr>
</table>
</body>
</html>
`;
  return { to, subject: "You're in! Welcome to Doppel", text, html, link };
}

/**
 * Whether a save tells the user they are in: only when it moves them to ACCEPTED from anything else,
 * they have an email, and they do not manage a talent already (those are in; the form merely
 * defaults them to ACCEPTED, docs/product-rules.md#waitlist).
 */
export function isNewAcceptance(change: {
  before: WaitlistStatus | null;
  after: WaitlistStatus | null;
  email: string | null;
  managesTalents: boolean;
}): boolean {
  return change.after === 'ACCEPTED' && change.before !== 'ACCEPTED' && change.email !== null && !change.managesTalents;
}
