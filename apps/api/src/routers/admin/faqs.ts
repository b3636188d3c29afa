// The admin back-office Faqs section (spec 2.5). Use cases live in packages/domain/src/admin/faqs.
import { router } from '../../trpc/procedures.ts';

export const faqsRouter = router({});
