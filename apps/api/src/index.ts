// The web app imports only types from here; the start script and tests import the server.

export { type Env, loadEnv } from './env.ts';
export type { LiveEvent } from './routers/live.ts';
export { type ApiServer, buildServer } from './server.ts';
export type { Access, Meta } from './trpc/init.ts';
export type { AppRouter } from './trpc/router.ts';
export { appRouter } from './trpc/router.ts';
