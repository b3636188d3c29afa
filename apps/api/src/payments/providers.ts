// The payment providers this server runs with, built once from the environment: Stripe when its
// keys are set, otherwise the offline sandbox where allowed (card-mode.ts), otherwise no card
// payments at all; the stores only when configured (docs/payments.md).
import { readFileSync } from 'node:fs';
import type { AppStore, CardPayments, PlayStore } from '@doppel/domain/ports';
import { createAppStore, createPlayStore, createSandboxCardPayments, createStripeCardPayments } from '@doppel/integrations';
import type { Env } from '../env.ts';
import { cardPaymentsMode } from './card-mode.ts';

export type PaymentProviders = {
  /** Undefined when this server takes no card payments: nothing can be bought on the web. */
  card: CardPayments | undefined;
  appStore: AppStore | undefined;
  playStore: PlayStore | undefined;
  /** The secret Google's Pub/Sub push must carry (`?token=`). */
  playPushToken: string | undefined;
};

function stripeApi(url: string | undefined) {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** A PEM file may hold the certificate as text; Apple's verifier takes DER. */
function readCertificate(path: string): Buffer {
  const bytes = readFileSync(path.trim());
  const text = bytes.toString('latin1');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) return bytes;
  const base64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return Buffer.from(base64, 'base64');
}

function serviceAccountOf(value: string): { client_email: string; private_key: string; token_uri?: string } {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  const parsed = JSON.parse(text) as { client_email?: unknown; private_key?: unknown; token_uri?: unknown };
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string')
    throw new Error('GOOGLE_PLAY_SERVICE_ACCOUNT must be a service account JSON key with client_email and private_key');
  return {
    client_email: parsed.client_email,
    private_key: parsed.private_key,
    ...(typeof parsed.token_uri === 'string' ? { token_uri: parsed.token_uri } : {}),
  };
}

export function createPaymentProviders(env: Env): PaymentProviders {
  const api = stripeApi(env.STRIPE_API_URL);
  const mode = cardPaymentsMode(env);
  const card =
    mode === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeCardPayments({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          ...(api ? { api } : {}),
        })
      : mode === 'sandbox'
        ? createSandboxCardPayments({ publicUrl: () => env.PUBLIC_URL })
        : undefined;
  const appStore =
    env.APPLE_IAP_BUNDLE_ID && env.APPLE_IAP_ROOT_CERTIFICATES
      ? createAppStore({
          bundleId: env.APPLE_IAP_BUNDLE_ID,
          environment: env.APPLE_IAP_ENVIRONMENT,
          ...(env.APPLE_IAP_APP_ID ? { appAppleId: env.APPLE_IAP_APP_ID } : {}),
          rootCertificates: env.APPLE_IAP_ROOT_CERTIFICATES.split(',').map(readCertificate),
        })
      : undefined;
  const playStore =
    env.GOOGLE_PLAY_PACKAGE_NAME && env.GOOGLE_PLAY_SERVICE_ACCOUNT
      ? createPlayStore({
          packageName: env.GOOGLE_PLAY_PACKAGE_NAME,
          serviceAccount: serviceAccountOf(env.GOOGLE_PLAY_SERVICE_ACCOUNT),
          ...(env.GOOGLE_PLAY_API_URL ? { rootUrl: env.GOOGLE_PLAY_API_URL } : {}),
        })
      : undefined;
  return { card, appStore, playStore, playPushToken: env.GOOGLE_PLAY_PUSH_TOKEN };
}
