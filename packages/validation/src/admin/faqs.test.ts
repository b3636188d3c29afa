import { describe, expect, it } from 'vitest';
import {
  adminFaqCreateForm,
  adminFaqCreateInput,
  adminFaqForm,
  adminFaqMessages,
  adminFaqUpdateInput,
  faqDataSchema,
  faqItemsMax,
  faqItemsToData,
  parseFaqData,
} from './faqs.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('FAQ data text (docs/product-rules.md#faq-text)', () => {
  it('reads question and answer pairs, the text being the rest of the line', () => {
    expect(parseFaqData('Q: Where do you live?\nA: Lisbon!\r\nQ:   Pets?  \nA: A cat: Churro.\n\n')).toEqual({
      ok: true,
      items: [
        { question: 'Where do you live?', answer: 'Lisbon!' },
        { question: 'Pets?', answer: 'A cat: Churro.' },
      ],
    });
  });

  it('says "Add at least one question and answer." for an empty text', () => {
    expect(parseFaqData('')).toEqual({ ok: false, message: 'Add at least one question and answer.' });
    expect(parseFaqData('  \n\n ')).toEqual({ ok: false, message: adminFaqMessages.empty });
    expect(messagesOf(faqDataSchema.safeParse(''))).toEqual(['Add at least one question and answer.']);
  });

  it('names the first odd row that does not start with "Q: "', () => {
    expect(parseFaqData('A: no question')).toEqual({ ok: false, message: 'Invalid question at row 1' });
    expect(parseFaqData('Q: a\nA: b\nq: lower case\nA: d')).toEqual({ ok: false, message: 'Invalid question at row 3' });
    expect(parseFaqData('Q:no space\nA: b')).toEqual({ ok: false, message: 'Invalid question at row 1' });
    expect(parseFaqData('Q: a\nA: b\n\nQ: c\nA: d'), 'a blank line in between is a row').toEqual({
      ok: false,
      message: 'Invalid question at row 3',
    });
    expect(parseFaqData('Q:    \nA: b'), 'a question needs text').toEqual({ ok: false, message: 'Invalid question at row 1' });
  });

  it('names the first even row that does not start with "A: "', () => {
    expect(parseFaqData('Q: Hello\nB: wrong')).toEqual({ ok: false, message: 'Invalid answer at row 2' });
    expect(parseFaqData('Q: a\nA: b\nQ: c\nQ: d')).toEqual({ ok: false, message: 'Invalid answer at row 4' });
    expect(parseFaqData('Q: a\nA: ')).toEqual({ ok: false, message: 'Invalid answer at row 2' });
  });

  it('reports a last question without an answer at the missing row (n + 1)', () => {
    expect(parseFaqData('Q: only a question')).toEqual({ ok: false, message: 'Invalid answer at row 2' });
    expect(parseFaqData('Q: a\nA: b\nQ: c\n')).toEqual({ ok: false, message: 'Invalid answer at row 4' });
  });

  it('refuses overlong rows and too many pairs with their own messages', () => {
    expect(parseFaqData(`Q: ${'x'.repeat(1001)}\nA: b`)).toEqual({ ok: false, message: adminFaqMessages.questionTooLong(1) });
    expect(parseFaqData(`Q: a\nA: ${'x'.repeat(4001)}`)).toEqual({ ok: false, message: adminFaqMessages.answerTooLong(2) });
    const many = Array.from({ length: faqItemsMax + 1 }, (_, i) => `Q: q${i}\nA: a${i}`).join('\n');
    expect(parseFaqData(many)).toEqual({ ok: false, message: adminFaqMessages.tooMany });
  });

  it('writes stored items back as text that parses to the same items', () => {
    const items = [
      { question: 'Do free credits expire?', answer: 'No.' },
      { question: 'Refund?', answer: 'Write to support.' },
    ];
    const text = faqItemsToData(items);
    expect(text).toBe('Q: Do free credits expire?\nA: No.\nQ: Refund?\nA: Write to support.');
    expect(parseFaqData(text)).toEqual({ ok: true, items });
    expect(faqItemsToData([{ question: 'two\nlines', answer: ' a \r\n b ' }])).toBe('Q: two lines\nA: a b');
    expect(faqItemsToData([])).toBe('');
  });
});

describe('FAQ payloads', () => {
  it('Create FAQ needs a name ("Required"); the talent is optional', () => {
    expect(messagesOf(adminFaqCreateForm.safeParse({ name: '   ' }))).toEqual(['Required']);
    expect(messagesOf(adminFaqCreateInput.safeParse({ name: '' }))).toEqual(['Required']);
    expect(adminFaqCreateInput.parse({ name: ' Credits ' })).toEqual({ name: 'Credits', talentId: null });
    expect(adminFaqCreateInput.parse({ name: 'Mia', talentId: 't1' })).toEqual({ name: 'Mia', talentId: 't1' });
    expect(messagesOf(adminFaqCreateInput.safeParse({ name: 'x'.repeat(201) }))).toEqual([adminFaqMessages.nameTooLong]);
  });

  it('the detail form parses name and data to what Update FAQ takes', () => {
    expect(adminFaqForm.parse({ name: ' Safety ', data: 'Q: a\nA: b' })).toEqual({
      name: 'Safety',
      data: [{ question: 'a', answer: 'b' }],
    });
    expect(messagesOf(adminFaqForm.safeParse({ name: '', data: 'Q: a\nB: b' }))).toEqual(['Required', 'Invalid answer at row 2']);
  });

  it('Update FAQ checks the items row by row with the data text’s numbering', () => {
    const update = (items: unknown) => adminFaqUpdateInput.safeParse({ id: 'f1', name: 'FAQ', items });
    expect(messagesOf(update([]))).toEqual(['Add at least one question and answer.']);
    expect(
      messagesOf(
        update([
          { question: 'a', answer: 'b' },
          { question: ' ', answer: 'd' },
        ]),
      ),
    ).toEqual(['Invalid question at row 3']);
    expect(messagesOf(update([{ question: 'a', answer: '' }]))).toEqual(['Invalid answer at row 2']);
    expect(messagesOf(update([{ question: 'two\nlines', answer: 'b' }]))).toEqual(['Invalid question at row 1']);
    expect(update([{ question: ' a ', answer: ' b ' }]).data?.items).toEqual([{ question: 'a', answer: 'b' }]);
  });
});
