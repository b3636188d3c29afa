import { authRouter } from '../routers/auth.ts';
import { chatRouter } from '../routers/chat.ts';
import { chatTokensRouter } from '../routers/chat-tokens.ts';
import { filesRouter } from '../routers/files.ts';
import { liveRouter } from '../routers/live.ts';
import { onboardingRouter } from '../routers/onboarding.ts';
import { devRouter, systemRouter } from '../routers/system.ts';
import { waitlistRouter } from '../routers/waitlist.ts';
import { router } from './procedures.ts';

export const appRouter = router({
  auth: authRouter,
  chat: chatRouter,
  chatAuth: chatTokensRouter,
  dev: devRouter,
  files: filesRouter,
  live: liveRouter,
  onboarding: onboardingRouter,
  system: systemRouter,
  waitlist: waitlistRouter,
});

export type AppRouter = typeof appRouter;
