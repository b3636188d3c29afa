import type { Database, LiveFeed, Transaction } from '@doppel/db';
import type { ModelSettings } from '@doppel/domain/admin/models';
import { type Session, type SessionCookie, validateSessionWithUser } from '@doppel/domain/auth';
import type {
  AgeVerification,
  CrisisCheck,
  DocumentReader,
  FileStorage,
  ImageProcessing,
  Mailer,
  TelegramPort,
  WebPushPort,
} from '@doppel/domain/ports';
import type { PgBoss } from '@doppel/jobs';
import type { Me } from '@doppel/validation';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import type { CallMetrics } from '../http/metrics.ts';
import type { LiveStreams } from '../live/live-streams.ts';
import type { PayoutProviders } from '../payments/payout-providers.ts';
import type { PaymentProviders } from '../payments/providers.ts';
import { type SessionCache, sessionCachedCalls } from './session-cache.ts';

export const sessionCookieName = 'doppel_session';

/** What every procedure gets: the app's services and, when signed in, the user and session. */
export type Services = {
  db: Database;
  feed: LiveFeed;
  mailer: Mailer;
  env: Env;
  shutdown: AbortSignal;
  storage: FileStorage;
  /** Decodes, re-encodes, blurs and measures uploaded pictures (sharp). */
  images: ImageProcessing;
  /** Tells what an uploaded knowledge document is by its bytes (the worker reads it). */
  documents: DocumentReader;
  /** A pg-boss client (no workers): procedures enqueue jobs inside their own transactions. */
  jobs: PgBoss;
  /** Stripe or the sandbox for card checkouts; the app stores when configured. */
  payments: PaymentProviders;
  /** PayPal Payouts and the bank file's debtor, when configured. */
  payouts: PayoutProviders;
  /** Fine-tuning bases and the organisations named V0 and V1 (FINE_TUNING_* settings). */
  modelSettings: ModelSettings;
  /** Web Push: makes the VAPID key pair on first use (the worker sends the notifications). */
  webPush: WebPushPort;
  /** The Telegram Bot API (grammY; TELEGRAM_API_ROOT): linking creators' bots. */
  telegram: TelegramPort;
  /** The open `live.events` streams of this process: limits per session and address, ended with their session. */
  liveStreams: LiveStreams;
  /** Per-procedure counts and latencies for /metrics (the `metered` middleware records them). */
  metrics: CallMetrics;
  /** Whether a fan message speaks of suicide or self-harm (docs/safety.md), asked before chat.send's transaction. */
  crisisCheck: CrisisCheck;
  /** Whether a fan is an adult, for the age gate of twins above SAFE (docs/safety.md); offline, their declaration. */
  ageVerification: AgeVerification;
  /** Sessions resolved in the last few seconds (session-cache.ts): no round trip for them on every call. */
  sessionCache: SessionCache;
  /** The current time, for use cases that take one (the analytics tab's "today"); tests pass a fixed one. */
  now: () => Date;
};

/**
 * Runs `work` in one transaction and nudges the live feed once it has committed. Every write goes
 * through it: the use case records its change events inside `work` (recordChanges), and the nudge
 * after commit makes live readers see them at once instead of at the feed's next poll.
 */
export type Write = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;

export function writerFor(services: Pick<Services, 'db' | 'feed'>): Write {
  return async (work) => {
    const result = await services.db.transaction(work);
    services.feed.nudge();
    return result;
  };
}

export type Context = Services & {
  write: Write;
  req: FastifyRequest;
  res: FastifyReply;
  /** How many calls the HTTP request carries (a batch has several): see aloneInRequest. */
  callsInRequest: number;
  session: Session | undefined;
  user: Me | undefined;
};

/**
 * The session and user behind a request's cookie; both undefined when absent, expired or forged.
 * With a cache, a session confirmed in the last few seconds is answered from it.
 */
export async function resolveSession(
  db: Database,
  req: FastifyRequest,
  cache?: SessionCache,
): Promise<{ session: Session | undefined; user: Me | undefined; hadCookie: boolean }> {
  const token = req.cookies[sessionCookieName];
  if (!token) return { session: undefined, user: undefined, hadCookie: false };
  const load = () => validateSessionWithUser(db, token);
  const resolved = await (cache ? cache.resolve(token, load) : load());
  return { session: resolved?.session, user: resolved?.user, hadCookie: true };
}

export async function createContext(
  services: Services,
  req: FastifyRequest,
  res: FastifyReply,
  info?: Pick<TRPCRequestInfo, 'calls'>,
): Promise<Context> {
  // Only a request made of hot-path calls alone takes its session from the cache (session-cache.ts).
  const cached = info?.calls.every((call) => sessionCachedCalls.has(call.path));
  const { session, user, hadCookie } = await resolveSession(services.db, req, cached ? services.sessionCache : undefined);
  // A cookie that no longer signs anyone in is dropped, so the browser stops sending it.
  if (hadCookie && !user) clearSessionCookie(res);
  return { ...services, write: writerFor(services), req, res, session, user, callsInRequest: info?.calls.length ?? 1 };
}

/**
 * The one way a session cookie is set, for tRPC procedures (`ctx.res`, `ctx.env`) and plain routes
 * (OAuth callbacks) alike, with the cookie `switchSession` answers.
 */
export function setSessionCookie(res: FastifyReply, env: Pick<Env, 'PUBLIC_URL'>, cookie: SessionCookie): void {
  res.setCookie(sessionCookieName, cookie.token, {
    httpOnly: true,
    ...(res.request.headers[embedHeader] === '1'
      ? embeddedCookie
      : { sameSite: 'lax', secure: env.PUBLIC_URL.startsWith('https:') }),
    path: '/',
    expires: cookie.expiresAt,
  });
}

/** Sent by the web app when it runs framed on a creator's site (/embed/<tag>, docs/embed.md). */
export const embedHeader = 'x-doppel-embed';

/**
 * A session begun in the chat framed on a creator's site: a Lax cookie is never sent from a frame
 * on another site, so this one is SameSite=None, and Partitioned (CHIPS), so the browser keeps it
 * for that site alone: another site framing Doppel never sees it, and it is not the fan's session
 * on Doppel itself. Browsers take Secure cookies from http://localhost too.
 */
const embeddedCookie = { sameSite: 'none', secure: true, partitioned: true } as const;

export function clearSessionCookie(res: FastifyReply): void {
  res.clearCookie(sessionCookieName, { path: '/' });
}
