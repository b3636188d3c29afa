// Google and Apple as OpenID Connect providers, through openid-client. openid-client was chosen
// over arctic because it discovers the provider from its issuer URL (so GOOGLE_ISSUER_URL and
// APPLE_ISSUER_URL point a whole flow at a local mock issuer in tests, with no per-endpoint
// overrides), and because it validates the ID token itself: issuer, audience, expiry, nonce and,
// with non-repudiation checks on, its signature against the provider's JWKS. arctic hard-codes each
// provider's endpoints and only decodes ID tokens, leaving every check to us.
import { importPKCS8, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Env } from '../env.ts';

export const providerNames = ['google', 'apple'] as const;
export type ProviderName = (typeof providerNames)[number];

export type OAuthProvider = {
  name: ProviderName;
  /** What the authorization request asks for. */
  scope: string;
  /** Extra authorization parameters: Apple must post its answer when asked for name or email. */
  authorizationParameters: Record<string, string>;
  /** Discovery, done once on first use and kept; a failed discovery is retried on the next sign-in. */
  configuration: () => Promise<oidc.Configuration>;
  /** Runs right before the code exchange (Apple renews its client secret). */
  beforeTokenRequest?: () => Promise<void>;
};

/** The settings that switch the sign-in providers on. */
export type ProviderSettings = Pick<
  Env,
  'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'APPLE_CLIENT_ID' | 'APPLE_TEAM_ID' | 'APPLE_KEY_ID' | 'APPLE_PRIVATE_KEY'
>;

/** Which providers have all their settings: the sign-in page offers only these. */
export function configuredProviders(env: ProviderSettings): Record<ProviderName, boolean> {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    apple: Boolean(env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY),
  };
}

/** Where a provider sends the browser back; registered with the provider as the redirect URI. */
export function callbackUrl(env: Pick<Env, 'PUBLIC_URL'>, name: ProviderName): URL {
  return new URL(`/auth/${name}/callback`, env.PUBLIC_URL);
}

function discover(issuer: string, clientId: string, clientAuth: oidc.ClientAuth): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | undefined;
  const url = new URL(issuer);
  return () => {
    pending ??= oidc
      .discovery(url, clientId, undefined, clientAuth, {
        // Real providers are https only; a plain-http issuer is a local mock the operator set on purpose.
        execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .then((config) => {
        // The ID token comes straight from the token endpoint over TLS, which OIDC allows to stand
        // in for its signature; checking the signature too costs one cached JWKS fetch.
        oidc.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}

/**
 * Apple's client secret is a JWT signed with the team's ES256 key (at most six months valid). We
 * sign a short-lived one and sign a new one before each code exchange once it is half spent, so a
 * leaked request body is worth little and the server never needs a restart to renew it.
 */
async function appleClientSecret(env: Env): Promise<{ clientAuth: oidc.ClientAuth; renew: () => Promise<void> }> {
  const { APPLE_CLIENT_ID: clientId, APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: pem } = env;
  if (!clientId || !teamId || !keyId || !pem) throw new Error('Apple sign-in is not configured');
  // Imported at start, so a broken key stops the server with this message instead of failing sign-ins.
  const key = await importPKCS8(pem, 'ES256').catch((error: unknown) => {
    throw new Error('APPLE_PRIVATE_KEY is not a PKCS#8 PEM key for ES256 (the .p8 file Apple gives)', { cause: error });
  });
  const audience = env.APPLE_ISSUER_URL.replace(/\/+$/, '');
  const lifetimeSeconds = 60 * 60;
  let secret = { value: '', renewAt: 0 };
  const renew = async () => {
    const now = Math.floor(Date.now() / 1000);
    if (now < secret.renewAt) return;
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: keyId })
      .setIssuer(teamId)
      .setSubject(clientId)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(key);
    secret = { value, renewAt: now + lifetimeSeconds / 2 };
  };
  await renew();
  return {
    // openid-client calls client authentication synchronously: it reads the secret renewed just before.
    clientAuth: (_as, _client, body) => {
      body.set('client_id', clientId);
      body.set('client_secret', secret.value);
    },
    renew,
  };
}

/** The providers this deployment has settings for; the others are absent. */
export async function createOAuthProviders(env: Env): Promise<Partial<Record<ProviderName, OAuthProvider>>> {
  const configured = configuredProviders(env);
  const providers: Partial<Record<ProviderName, OAuthProvider>> = {};
  if (configured.google && env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.google = {
      name: 'google',
      scope: 'openid email profile',
      authorizationParameters: { prompt: 'select_account' },
      configuration: discover(env.GOOGLE_ISSUER_URL, env.GOOGLE_CLIENT_ID, oidc.ClientSecretPost(env.GOOGLE_CLIENT_SECRET)),
    };
  }
  if (configured.apple && env.APPLE_CLIENT_ID) {
    const secret = await appleClientSecret(env);
    providers.apple = {
      name: 'apple',
      scope: 'openid email name',
      authorizationParameters: { response_mode: 'form_post' },
      configuration: discover(env.APPLE_ISSUER_URL, env.APPLE_CLIENT_ID, secret.clientAuth),
      beforeTokenRequest: secret.renew,
    };
  }
  return providers;
}
