// The admin back-office FAQ section and the talent detail's Faq tab: list, create, get, update, forTalent.
export * from './create-faq.ts';
export * from './get-faq.ts';
export * from './list-faqs.ts';
export * from './update-faq.ts';
