import { signInLinkLifetimeMs } from '../auth/sign-in-links.ts';
import { escapeHtml } from '../html/escape-html.ts';
import type { Email } from '../ports/mailer.ts';

/**
 * The magic-link email: plain text for every client, and a simple HTML version with one button.
 * Inline styles and a table only, since mail clients ignore style sheets; the link is repeated as
 * text under the button for clients that block buttons.
 */
export function signInLinkEmail(to: string, link: string): Email {
  const minutes = Math.round(signInLinkLifetimeMs / 60_000);
  const text = `Open this link to sign in to Doppel. It works once, for ${minutes} minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email.`;
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">Sign in to Doppel</h1>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5">Press the button to sign in. The link works once, for ${minutes} minutes.</p>
<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#7048e8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Sign in</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5c5f66">Or open this link:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${href}" style="color:#7048e8">${href}</a></p>
<p style="margin:0;font-size:13px;color:#5c5f66">If you did not ask for it, ignore this email.</p>
</td></tr>
</table>
</body>
</html>
`;
  return { to, subject: 'Your Doppel sign-in link', text, html, link };
}
