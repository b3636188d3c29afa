// The admin back-office FAQ section (admin.faqs.*, docs/product-rules.md#admin-back-office, #records, #faq-text, #admin-forms, #calls "Create FAQ" /
// "Update FAQ") and the talent detail's Faq tab: an FAQ's questions and answers, edited as text.
//
// The "data" text of docs/product-rules.md#faq-text, as this file reads it:
// - Every line is a row, numbered from 1 as the text area shows them. Only blank lines at the very
//   end are dropped (a final newline is not a row); a blank line in between is a row, and an invalid
//   one, so a row number always points at the line the admin sees.
// - Odd rows start with "Q: ", even rows with "A: " (capital letter, colon, space). The question or
//   answer is the rest of the line with surrounding spaces trimmed; it must not be empty.
// - An odd number of rows leaves the last question without an answer: "Invalid answer at row {n+1}",
//   the row that is missing.
// - Only the first bad row is reported: the form shows one message under the field.
// The procedures take the parsed items; item i is rows 2i+1 and 2i+2, so the server's messages name
// the same rows the text area would.
import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { hasLineBreaks, singleLineText } from '../common/single-line.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

export const faqQuestionPrefix = 'Q: ';
export const faqAnswerPrefix = 'A: ';
/** Longest question and answer, in characters: a question is matched by meaning, an answer fits a chat message. */
export const faqQuestionMaxLength = 1000;
export const faqAnswerMaxLength = 4000;
/** Most question-answer pairs in one FAQ: every reply ranks all of them. */
export const faqItemsMax = 500;
/** Longest FAQ name; names travel in list cursors. */
export const faqNameMaxLength = 200;

/** The section's messages: the messages of docs/product-rules.md#faq-text word for word, then this section's own. */
export const adminFaqMessages = {
  empty: 'Add at least one question and answer.',
  invalidQuestion: (row: number) => `Invalid question at row ${row}`,
  invalidAnswer: (row: number) => `Invalid answer at row ${row}`,
  questionTooLong: (row: number) => `Question at row ${row} is longer than ${faqQuestionMaxLength} characters`,
  answerTooLong: (row: number) => `Answer at row ${row} is longer than ${faqAnswerMaxLength} characters`,
  tooMany: `An FAQ holds at most ${faqItemsMax} questions.`,
  nameTooLong: `Name must be at most ${faqNameMaxLength} characters`,
  talentHasFaq: 'This talent already has an FAQ.',
} as const;

export type FaqItemInput = { question: string; answer: string };

/**
 * What is wrong with one side of an item (row `row`), or null. Each side is one row of the data
 * text, so a line break inside either is the row's own message rather than `lineBreaksMessage`.
 */
function rowProblem(kind: 'question' | 'answer', text: string, row: number): string | null {
  if (text === '' || hasLineBreaks(text)) {
    return kind === 'question' ? adminFaqMessages.invalidQuestion(row) : adminFaqMessages.invalidAnswer(row);
  }
  const max = kind === 'question' ? faqQuestionMaxLength : faqAnswerMaxLength;
  if (text.length > max) return kind === 'question' ? adminFaqMessages.questionTooLong(row) : adminFaqMessages.answerTooLong(row);
  return null;
}

/** The first problem of a list of items, rows numbered as the data text would number them. */
function itemsProblem(items: readonly FaqItemInput[]): string | null {
  if (items.length === 0) return adminFaqMessages.empty;
  if (items.length > faqItemsMax) return adminFaqMessages.tooMany;
  for (const [index, item] of items.entries()) {
    const problem = rowProblem('question', item.question, 2 * index + 1) ?? rowProblem('answer', item.answer, 2 * index + 2);
    if (problem) return problem;
  }
  return null;
}

export type FaqDataParse = { ok: true; items: FaqItemInput[] } | { ok: false; message: string };

/** Reads the data text (rules at the top of this file): the items, or the first bad row's message. */
export function parseFaqData(text: string): FaqDataParse {
  const trimmed = text.replace(/\s+$/, '');
  if (trimmed.trim() === '') return { ok: false, message: adminFaqMessages.empty };
  const rows = trimmed.split(/\r?\n/);
  const items: FaqItemInput[] = [];
  for (let index = 0; index < rows.length; index += 2) {
    const questionRow = rows[index] ?? '';
    if (!questionRow.startsWith(faqQuestionPrefix)) return { ok: false, message: adminFaqMessages.invalidQuestion(index + 1) };
    // An odd number of rows: the answer row after the last question is missing.
    const answerRow = rows[index + 1];
    if (answerRow === undefined || !answerRow.startsWith(faqAnswerPrefix)) {
      return { ok: false, message: adminFaqMessages.invalidAnswer(index + 2) };
    }
    items.push({
      question: questionRow.slice(faqQuestionPrefix.length).trim(),
      answer: answerRow.slice(faqAnswerPrefix.length).trim(),
    });
  }
  const problem = itemsProblem(items);
  return problem ? { ok: false, message: problem } : { ok: true, items };
}

/**
 * Stored items as data text, the reverse of `parseFaqData`. Line breaks inside a question or answer
 * (possible only in rows written outside this editor) become spaces so the text parses again.
 */
export function faqItemsToData(items: readonly FaqItemInput[]): string {
  const oneLine = (text: string) => text.replace(/\s*[\n\v\f\r\u0085\u2028\u2029]+\s*/g, ' ').trim();
  return items
    .flatMap((item) => [`${faqQuestionPrefix}${oneLine(item.question)}`, `${faqAnswerPrefix}${oneLine(item.answer)}`])
    .join('\n');
}

/** The data text of a form: parses to the items, or fails with the first bad row's message. */
export const faqDataSchema = z.string().transform((text, ctx): FaqItemInput[] => {
  const parsed = parseFaqData(text);
  if (parsed.ok) return parsed.items;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/** Items as the procedures take them (docs/product-rules.md#calls "Update FAQ": items), trimmed and checked row by row. */
export const faqItemsSchema = z
  .array(
    z.object({
      question: z.string({ error: adminFaqMessages.empty }).trim(),
      answer: z.string({ error: adminFaqMessages.empty }).trim(),
    }),
    { error: adminFaqMessages.empty },
  )
  .superRefine((items, ctx) => {
    const problem = itemsProblem(items);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An FAQ's name: required, like every name the admin creates (docs/product-rules.md#admin-forms). */
export const faqNameSchema = singleLineText({ error: messages.required })
  .min(1, messages.required)
  .max(faqNameMaxLength, adminFaqMessages.nameTooLong);

/** The create screen's one field (docs/product-rules.md#admin-back-office: one field and a Create button). */
export const adminFaqCreateForm = z.object({ name: faqNameSchema });

/** docs/product-rules.md#calls "Create FAQ": a name and the talent it belongs to, or null (absent) for a global FAQ. */
export const adminFaqCreateInput = z.object({
  name: faqNameSchema,
  talentId: adminId('Talent ID')
    .nullish()
    .transform((id) => id ?? null),
});
export type AdminFaqCreateInput = z.input<typeof adminFaqCreateInput>;
export const adminFaqCreateOutput = z.object({ id: z.string() });

/** The FAQ detail's form: the name and the data text, parsed with the same rules as the procedure's items. */
export const adminFaqForm = z.object({ name: faqNameSchema, data: faqDataSchema });
export type AdminFaqFormValues = z.input<typeof adminFaqForm>;

/** docs/product-rules.md#calls "Update FAQ": id, name, items. The items replace the stored ones, in this order. */
export const adminFaqUpdateInput = z.object({ id: adminId('FAQ ID'), name: faqNameSchema, items: faqItemsSchema });
export type AdminFaqUpdateInput = z.input<typeof adminFaqUpdateInput>;

export const adminFaqsListInput = adminListInput({});
export type AdminFaqsListInput = z.input<typeof adminFaqsListInput>;

export const adminFaqSummaryOutput = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type AdminFaqSummary = z.infer<typeof adminFaqSummaryOutput>;

/** Global FAQs only (no talent), by name then id, 50 a page. */
export const adminFaqsListOutput = adminListOutput(adminFaqSummaryOutput);
export type AdminFaqsListOutput = z.infer<typeof adminFaqsListOutput>;

export const adminFaqGetInput = z.object({ id: adminId('FAQ ID') });

export const adminFaqItemOutput = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  /** Whether the question's vector is stored; a new or edited question gets one on the next reply. */
  hasEmbedding: z.boolean(),
});

export const adminFaqOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for a global FAQ. */
  talent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** In order (position). */
  items: z.array(adminFaqItemOutput),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminFaqView = z.infer<typeof adminFaqOutput>;

export const adminFaqForTalentInput = z.object({ talentId: adminId('Talent ID') });
/** The talent (for naming its new FAQ) and its FAQ, null while it has none. */
export const adminFaqForTalentOutput = z.object({
  talent: z.object({ id: z.string(), name: z.string() }),
  faq: adminFaqOutput.nullable(),
});
export type AdminFaqForTalentOutput = z.infer<typeof adminFaqForTalentOutput>;
