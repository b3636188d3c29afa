// The creator's knowledge-gap inbox (talent.knowledgeGaps.*): fan questions the twin answered with
// no FAQ item scoring at least the prompt's faqMinScore, grouped by similarity; answering one adds
// it to the twin's own FAQ, dismissing one hides it for good. The answer form and the server
// validate with `knowledgeGapAnswerFields`.
import { z } from 'zod';
import { faqAnswerMaxLength, faqItemsMax, faqQuestionMaxLength } from '../admin/faqs.ts';
import { chatMessageMaxLength } from '../chat/limits.ts';
import { singleLineText } from '../common/single-line.ts';

export const knowledgeGapMessages = {
  questionEmpty: 'Write the question fans ask',
  questionTooLong: `Keep the question under ${faqQuestionMaxLength} characters`,
  answerEmpty: 'Write your answer',
  answerTooLong: `Keep the answer under ${faqAnswerMaxLength} characters`,
  faqFull: `Your twin's FAQ already holds ${faqItemsMax} questions. Ask the Doppel team to tidy it up.`,
} as const;

// An FAQ item is one line of the admin's data text (admin/faqs.ts), so line breaks become spaces
// (next line, U+0085, too: `\s` leaves it out).
const oneLine = (text: string) => text.replace(/[\s\u0085]+/g, ' ').trim();

export const knowledgeGapAnswerFields = z.object({
  question: z
    .string()
    .transform(oneLine)
    .pipe(z.string().min(1, knowledgeGapMessages.questionEmpty).max(faqQuestionMaxLength, knowledgeGapMessages.questionTooLong)),
  answer: z
    .string()
    .transform(oneLine)
    .pipe(z.string().min(1, knowledgeGapMessages.answerEmpty).max(faqAnswerMaxLength, knowledgeGapMessages.answerTooLong)),
});
export type KnowledgeGapAnswerFields = z.input<typeof knowledgeGapAnswerFields>;

export const knowledgeGapsInput = z.object({ talentId: singleLineText().min(1) });
export const knowledgeGapAnswerInput = knowledgeGapAnswerFields.extend({ talentId: singleLineText().min(1) });

export const knowledgeGapGroupOutput = z.object({
  /** The group's most recent question, offered as the FAQ question. */
  question: z.string(),
  /** How many fan messages in the window asked it (the group's size). */
  count: z.number().int().min(1),
  /** Up to 3 distinct wordings, newest first, the representative included. */
  examples: z.array(z.string()),
  /** ISO 8601. */
  lastAskedAt: z.iso.datetime(),
});
export type KnowledgeGapGroup = z.infer<typeof knowledgeGapGroupOutput>;

export const knowledgeGapsOutput = z.object({
  groups: z.array(knowledgeGapGroupOutput),
  /** The window read, in days, for the page's "last N days" line. */
  days: z.number().int(),
});
export type KnowledgeGapsView = z.infer<typeof knowledgeGapsOutput>;

export const knowledgeGapAnswerOutput = z.object({ faqItemId: z.string(), faqId: z.string() });

/** Dismiss a group by its question (a fan's message, so as long as one): it and questions like it stay hidden. */
export const knowledgeGapDismissInput = z.object({
  talentId: singleLineText().min(1),
  question: z.string().trim().min(1, 'Say which question to dismiss').max(chatMessageMaxLength),
});
export const knowledgeGapDismissOutput = z.object({ dismissed: z.literal(true) });
