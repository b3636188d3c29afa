import { z } from 'zod';

// Line breaks in one-line fields. A name, handle, IBAN or tax id is shown, exported and sent on as a
// single line: a line break inside one ("DE123\nIBAN: GB82…") lets whoever typed it forge an extra
// line on a payout export, an admin screen or a receipt. The API's control-character check lets
// line feed and carriage return through on purpose, because bios, messages and prompts are
// multi-line; so each one-line field says so by using `singleLineText` instead of `z.string`.

export const lineBreaksMessage = 'Must be a single line, without line breaks';

// Every character Unicode treats as ending a line: line feed, vertical tab, form feed, carriage
// return, next line (U+0085), line separator (U+2028) and paragraph separator (U+2029).
const lineBreaks = /[\n\v\f\r\u0085\u2028\u2029]/;

export function hasLineBreaks(text: string): boolean {
  return lineBreaks.test(text);
}

/**
 * A one-line text field: trimmed first, so a break pasted at either end is dropped quietly, then
 * refused with `lineBreaksMessage` when one is left inside. Chain `.min`, `.max`, `.toLowerCase`
 * and the rest after it as on `z.string()`.
 */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .trim()
    .refine((text) => !hasLineBreaks(text), { error: lineBreaksMessage, abort: true });
}
