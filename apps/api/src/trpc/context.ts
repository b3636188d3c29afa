import type { Database, LiveFeed } from '@doppel/db';
import { type FileStorage, getMe, type Mailer, type Session, validateSessionToken } from '@doppel/domain';
import type { PgBoss } from '@doppel/jobs';
import type { Me } from '@doppel/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

export const sessionCookieName = 'doppel_session';

/** What every procedure gets: the app's services and, when signed in, the user and session. */
export type Services = {
  db: Database;
  feed: LiveFeed;
  mailer: Mailer;
  env: Env;
  shutdown: AbortSignal;
  storage: FileStorage;
  /** A pg-boss client (no workers): procedures enqueue jobs inside their own transactions. */
  jobs: PgBoss;
};

export type Context = Services & {
  req: FastifyRequest;
  res: FastifyReply;
  session: Session | undefined;
  user: Me | undefined;
};

export async function createContext(services: Services, req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const token = req.cookies[sessionCookieName];
  let session: Session | undefined;
  let user: Me | undefined;
  if (token) {
    session = await validateSessionToken(services.db, token);
    user = session ? await getMe(services.db, session.userId) : undefined;
    if (!session || !user) {
      session = undefined;
      user = undefined;
      clearSessionCookie(res);
    }
  }
  return { ...services, req, res, session, user };
}

export function setSessionCookie(ctx: Context, token: string, expiresAt: Date): void {
  writeSessionCookie(ctx.res, ctx.env, token, expiresAt);
}

/** The one way a session cookie is set, for tRPC procedures and plain routes (OAuth callbacks) alike. */
export function writeSessionCookie(res: FastifyReply, env: Pick<Env, 'PUBLIC_URL'>, token: string, expiresAt: Date): void {
  res.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.PUBLIC_URL.startsWith('https:'),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(res: FastifyReply): void {
  res.clearCookie(sessionCookieName, { path: '/' });
}
