// The emails a reporter gets (docs/safety.md, Take-down): one when the report arrives, one when an
// admin closes it with a note. Pure: the API sends them through the Mailer after the commit.
import { escapeHtml } from '../html/escape-html.ts';
import type { Email } from '../ports/mailer.ts';

function simpleHtml(title: string, paragraphs: string[]): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${body}
</td></tr>
</table>
</body>
</html>
`;
}

export function reportReceivedEmail(to: string, twinName: string): Email {
  const title = 'We received your report';
  const paragraphs = [
    `Thank you for reporting the twin "${twinName}". Our team reviews every report and may hide the twin from fans while it does.`,
    'We will email you again when the review is done.',
    'The Doppel team',
  ];
  return {
    to,
    subject: `We received your report about ${twinName}`,
    text: `${paragraphs.join('\n\n')}`,
    html: simpleHtml(title, paragraphs),
  };
}

export function reportClosedEmail(to: string, twinName: string, note: string): Email {
  const title = 'Your report was reviewed';
  const paragraphs = [
    `We have finished reviewing your report about the twin "${twinName}".`,
    `Our note:\n${note}`,
    'Thank you for helping keep Doppel safe.\nThe Doppel team',
  ];
  return {
    to,
    subject: `Your report about ${twinName} was reviewed`,
    text: paragraphs.join('\n\n'),
    html: simpleHtml(title, paragraphs),
  };
}
