// The admin back-office FAQ section and the talent detail's Faq tab: list, create, get, update, forTalent.
export { type CreateAdminFaqInput, createAdminFaq } from './create-faq.ts';
export { faqNotFound, findAdminFaq, findTalentFaqId, getAdminFaq, getAdminTalentFaq } from './get-faq.ts';
export { listAdminFaqs } from './list-faqs.ts';
export { type UpdateAdminFaqInput, updateAdminFaq } from './update-faq.ts';
