// Sign-in with Google and Apple: the OpenID Connect authorization-code flow with PKCE, state and
// nonce. GET /auth/<provider> starts it, /auth/<provider>/callback finishes it with a session
// cookie (the same one the magic link sets) and a redirect to /. Every failure redirects to
// /sign-in?error=<code>, which the sign-in page explains; the reason is logged with the route.
import type { Database } from '@doppel/db';
import { findOrCreateUserByEmail, switchSession, validateSessionToken } from '@doppel/domain/auth';
import { mergeAnonymousUser } from '@doppel/domain/chat';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { sessionCookieName, setSessionCookie } from '../trpc/context.ts';
import type { SessionCache } from '../trpc/session-cache.ts';
import { callbackUrl, createOAuthProviders, type OAuthProvider, type ProviderName, providerNames } from './oauth-providers.ts';

export type OAuthErrorCode = 'provider_not_configured' | 'oauth_failed' | 'email_not_verified';

/** The flow in progress: what the callback must find again, bound to this browser by the cookie. */
const flowCookieName = 'doppel_oauth';
const flowCookiePath = '/auth';
const flowLifetimeSeconds = 10 * 60;
const flowSchema = z.object({
  provider: z.enum(providerNames),
  state: z.string().min(1),
  verifier: z.string().min(1),
  nonce: z.string().min(1),
});
type Flow = z.infer<typeof flowSchema>;

function readFlow(req: FastifyRequest): Flow | undefined {
  const raw = req.cookies[flowCookieName];
  if (!raw) return undefined;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function fail(req: FastifyRequest, reply: FastifyReply, code: OAuthErrorCode, reason: string, error?: unknown) {
  const route = req.routeOptions.url ?? req.url;
  req.log.warn({ route, code, err: error }, `${route}: sign-in failed (${code}): ${reason}`);
  return reply.redirect(`/sign-in?error=${code}`, 302);
}

/** Apple sends email_verified as the string "true"; Google as a boolean. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/** Apple tells the name only once, on the first authorization, in the posted `user` field. */
function appleName(user: string | null): string | undefined {
  if (!user) return undefined;
  try {
    const parsed = z
      .object({ name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional() })
      .safeParse(JSON.parse(user));
    const name = parsed.success ? [parsed.data.name?.firstName, parsed.data.name?.lastName].filter(Boolean).join(' ') : '';
    return name || undefined;
  } catch {
    return undefined;
  }
}

export async function registerOAuthRoutes(
  app: FastifyInstance,
  services: { db: Database; env: Env; sessionCache: SessionCache },
): Promise<void> {
  const { db, env, sessionCache } = services;
  const providers = await createOAuthProviders(env);
  const secure = env.PUBLIC_URL.startsWith('https:');

  async function start(name: ProviderName, req: FastifyRequest, reply: FastifyReply) {
    const provider = providers[name];
    if (!provider) return fail(req, reply, 'provider_not_configured', `${name} sign-in has no settings`);
    let config: oidc.Configuration;
    try {
      config = await provider.configuration();
    } catch (error) {
      return fail(req, reply, 'oauth_failed', `${name} discovery failed`, error);
    }
    const flow: Flow = {
      provider: name,
      state: oidc.randomState(),
      verifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(env, name).href,
      response_type: 'code',
      scope: provider.scope,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      ...provider.authorizationParameters,
    });
    // SameSite=Lax is enough for both providers: Google comes back with a top-level GET, and
    // Apple's cross-site form_post is turned into one below before the cookie is needed.
    reply.setCookie(flowCookieName, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: flowCookiePath,
      maxAge: flowLifetimeSeconds,
    });
    return reply.redirect(url.href, 302);
  }

  async function finish(provider: OAuthProvider, req: FastifyRequest, reply: FastifyReply, params: URLSearchParams) {
    const flow = readFlow(req);
    // Spent whatever happens: a flow is tried once.
    reply.clearCookie(flowCookieName, { path: flowCookiePath });
    if (!flow || flow.provider !== provider.name)
      return fail(
        req,
        reply,
        'oauth_failed',
        'no sign-in in progress in this browser (cookie missing, expired or for another provider)',
      );
    if (params.has('error'))
      return fail(
        req,
        reply,
        'oauth_failed',
        `the provider answered ${params.get('error')}: ${params.get('error_description') ?? ''}`,
      );

    let claims: oidc.IDToken | undefined;
    try {
      const config = await provider.configuration();
      await provider.beforeTokenRequest?.();
      const currentUrl = callbackUrl(env, provider.name);
      for (const key of ['code', 'state', 'iss']) {
        const value = params.get(key);
        if (value !== null) currentUrl.searchParams.set(key, value);
      }
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      return fail(req, reply, 'oauth_failed', 'the authorization response or the token exchange was refused', error);
    }
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // Apple vouches for every email it gives (relay addresses included) and says so with
    // email_verified; an absent claim is taken as verified for Apple only.
    const verified =
      isTrue(claims?.email_verified) || (provider.name === 'apple' && claims?.email_verified === undefined && email !== '');
    if (!email || !verified) return fail(req, reply, 'email_not_verified', `${provider.name} gave no verified email`);

    const name =
      provider.name === 'apple' ? appleName(params.get('user')) : typeof claims?.name === 'string' ? claims.name : undefined;
    try {
      const previous = req.cookies[sessionCookieName];
      // One transaction: the account, the anonymous fan's merge and the session switch commit together.
      const { userId, cookie } = await db.transaction(async (tx) => {
        const userId = await findOrCreateUserByEmail(tx, email, { name });
        const old = previous ? await validateSessionToken(tx, previous) : undefined;
        // An anonymous fan who signs in keeps their chats and free credits (docs/chat-engine.md).
        if (old) await mergeAnonymousUser(tx, old.userId, userId);
        // Like the magic link: a sign-in replaces the session this browser had, with a new token.
        return { userId, cookie: await switchSession(tx, userId, old?.id) };
      });
      // The browser's old session is gone and an anonymous fan may have merged into the account.
      sessionCache.forgetAll();
      setSessionCookie(reply, env, cookie);
      req.log.info({ route: req.routeOptions.url, userId }, `signed in with ${provider.name}`);
    } catch (error) {
      return fail(req, reply, 'oauth_failed', 'the account or session could not be stored', error);
    }
    return reply.redirect('/', 302);
  }

  function callback(name: ProviderName) {
    return (req: FastifyRequest<{ Querystring: Record<string, string> }>, reply: FastifyReply) => {
      const provider = providers[name];
      if (!provider) return fail(req, reply, 'provider_not_configured', `${name} sign-in has no settings`);
      return finish(provider, req, reply, new URLSearchParams(req.query));
    };
  }

  // Encapsulated, so the urlencoded parser serves Apple's form_post and no other route.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    for (const name of providerNames) {
      scope.get(`/auth/${name}`, (req, reply) => start(name, req, reply));
      scope.get(`/auth/${name}/callback`, callback(name));
    }
    // Apple posts the answer (response_mode=form_post) from appleid.apple.com: a cross-site POST,
    // on which browsers do not send our SameSite=Lax flow cookie. Rather than loosening that
    // cookie to SameSite=None (which needs https, so not on a plain-http development server, and
    // would send it on every cross-site request), the posted fields are re-issued as a 303 to the
    // GET callback: a top-level GET navigation, which does carry Lax cookies. The code is
    // single-use and bound to the PKCE verifier in the cookie, so having it in a URL gives an
    // onlooker nothing. Only the name is kept from Apple's `user` field, to keep the email out of URLs.
    scope.post('/auth/apple/callback', (req: FastifyRequest<{ Body: Record<string, unknown> | undefined }>, reply) => {
      const body = req.body && typeof req.body === 'object' ? req.body : {};
      const forward = new URLSearchParams();
      for (const key of ['code', 'state', 'error', 'error_description', 'iss']) {
        const value = body[key];
        if (typeof value === 'string') forward.set(key, value);
      }
      const name = appleName(typeof body.user === 'string' ? body.user : null);
      if (name) forward.set('user', JSON.stringify({ name: { firstName: name } }));
      return reply.redirect(`/auth/apple/callback?${forward.toString()}`, 303);
    });
  });
}
