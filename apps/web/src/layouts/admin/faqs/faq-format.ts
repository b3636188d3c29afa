// How the FAQ screens word things. Pure.

/** Tables whose changes the FAQ screens show. */
export const faqEntities = ['faqs', 'faq_items'] as const;

/** "1 question", "12 questions". */
export function questionCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}
