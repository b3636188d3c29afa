export * from './answer-fan-message.ts';
export * from './attachment-choice.ts';
export * from './faq.ts';
export * from './prompt.ts';
export * from './stream-drafts.ts';
