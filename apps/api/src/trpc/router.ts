import { accountRouter } from '../routers/account.ts';
import { adminRouter } from '../routers/admin/index.ts';
import { authRouter } from '../routers/auth.ts';
import { chatRouter } from '../routers/chat.ts';
import { discoverRouter } from '../routers/discover.ts';
import { feedbackRouter } from '../routers/feedback.ts';
import { filesRouter } from '../routers/files.ts';
import { liveRouter } from '../routers/live.ts';
import { onboardingRouter } from '../routers/onboarding.ts';
import { paymentsRouter } from '../routers/payments.ts';
import { pushRouter } from '../routers/push.ts';
import { reportsRouter } from '../routers/reports.ts';
import { devRouter, systemRouter } from '../routers/system.ts';
import { talentRouter } from '../routers/talent.ts';
import { telegramRouter } from '../routers/telegram.ts';
import { waitlistRouter } from '../routers/waitlist.ts';
import { router } from './procedures.ts';

export const appRouter = router({
  account: accountRouter,
  admin: adminRouter,
  auth: authRouter,
  chat: chatRouter,
  dev: devRouter,
  discover: discoverRouter,
  feedback: feedbackRouter,
  files: filesRouter,
  live: liveRouter,
  onboarding: onboardingRouter,
  payments: paymentsRouter,
  push: pushRouter,
  reports: reportsRouter,
  system: systemRouter,
  talent: talentRouter,
  telegram: telegramRouter,
  waitlist: waitlistRouter,
});

export type AppRouter = typeof appRouter;
