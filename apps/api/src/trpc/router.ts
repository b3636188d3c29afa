import { authRouter } from '../routers/auth.ts';
import { liveRouter } from '../routers/live.ts';
import { devRouter, systemRouter } from '../routers/system.ts';
import { router } from './procedures.ts';

export const appRouter = router({
  auth: authRouter,
  dev: devRouter,
  live: liveRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
