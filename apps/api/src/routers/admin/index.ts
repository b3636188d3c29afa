// The admin back-office: one router per section of docs/product-rules.md#admin-back-office, each in its own file, every
// procedure on the admin tier. Sections nest here so the client reads `admin.<section>.<verb>`.
import { router } from '../../trpc/procedures.ts';
import { appSettingsRouter } from './app.ts';
import { auditRouter } from './audit.ts';
import { adminBoundariesRouter } from './boundaries.ts';
import { broadcastsRouter } from './broadcasts.ts';
import { chatsRouter } from './chats.ts';
import { discoverRouter } from './discover.ts';
import { faqsRouter } from './faqs.ts';
import { managersRouter } from './managers.ts';
import { modelsRouter } from './models.ts';
import { paymentsRouter } from './payments.ts';
import { payoutsRouter } from './payouts.ts';
import { qualityRouter } from './quality.ts';
import { reactionsRouter } from './reactions.ts';
import { recordsRouter } from './records.ts';
import { reportsRouter } from './reports.ts';
import { crisisSettingsRouter, safetyRouter } from './safety.ts';
import { statusRouter } from './status.ts';
import { talentsRouter } from './talents.ts';
import { usersRouter } from './users.ts';

export const adminRouter = router({
  status: statusRouter,
  app: appSettingsRouter,
  talents: talentsRouter,
  managers: managersRouter,
  chats: chatsRouter,
  discover: discoverRouter,
  reactions: reactionsRouter,
  payments: paymentsRouter,
  payouts: payoutsRouter,
  models: modelsRouter,
  quality: qualityRouter,
  faqs: faqsRouter,
  users: usersRouter,
  broadcasts: broadcastsRouter,
  records: recordsRouter,
  reports: reportsRouter,
  boundaries: adminBoundariesRouter,
  crisis: crisisSettingsRouter,
  safety: safetyRouter,
  audit: auditRouter,
});
