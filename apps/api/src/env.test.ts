import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const base = { DATABASE_URL: 'postgres://localhost:5432/doppel' };

describe('payment settings', () => {
  it('starts without any provider: checkouts use the sandbox', () => {
    const env = loadEnv(base);
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.APPLE_IAP_ENVIRONMENT).toBe('Production');
  });

  it('stops a half-configured provider with a message naming what is missing', () => {
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      'Stripe is half configured: set STRIPE_WEBHOOK_SECRET too, or unset all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadEnv({ ...base, GOOGLE_PLAY_PACKAGE_NAME: 'app.doppel.android' })).toThrow(
      'Google Play is half configured: set GOOGLE_PLAY_SERVICE_ACCOUNT, GOOGLE_PLAY_PUSH_TOKEN too',
    );
    expect(() => loadEnv({ ...base, APPLE_IAP_BUNDLE_ID: 'app.doppel.ios', APPLE_IAP_ROOT_CERTIFICATES: '/x.der' })).toThrow(
      'App Store purchases in Production need APPLE_IAP_APP_ID',
    );
  });

  it('accepts a complete provider', () => {
    const env = loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' });
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_123');
  });
});

describe('payout settings', () => {
  it('stops half-configured PayPal payouts and a bank file debtor with an invalid IBAN or BIC', () => {
    expect(() => loadEnv({ ...base, PAYPAL_CLIENT_ID: 'client' })).toThrow(
      'PayPal payouts is half configured: set PAYPAL_CLIENT_SECRET too',
    );
    const debtor = { PAYOUT_BANK_DEBTOR_NAME: 'Doppel Inc.', PAYOUT_BANK_DEBTOR_BIC: 'BYLADEM1001' };
    expect(() => loadEnv({ ...base, ...debtor, PAYOUT_BANK_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 52' })).toThrow(
      'PAYOUT_BANK_DEBTOR_IBAN is not a valid IBAN',
    );
    expect(() =>
      loadEnv({ ...base, ...debtor, PAYOUT_BANK_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51', PAYOUT_BANK_DEBTOR_BIC: 'NOPE' }),
    ).toThrow('PAYOUT_BANK_DEBTOR_BIC is not a valid BIC');
  });

  it('accepts a complete bank file debtor', () => {
    const env = loadEnv({
      ...base,
      PAYOUT_BANK_DEBTOR_NAME: 'Doppel Inc.',
      PAYOUT_BANK_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51',
      PAYOUT_BANK_DEBTOR_BIC: 'BYLADEM1001',
    });
    expect(env.PAYOUT_BANK_DEBTOR_NAME).toBe('Doppel Inc.');
  });
});

describe('operations settings', () => {
  it('reads the error-reporting DSN and the metrics token, refusing unusable ones with the setting named', () => {
    const env = loadEnv({ ...base, SENTRY_DSN: 'https://key@sentry.example/7', METRICS_TOKEN: 'a'.repeat(16) });
    expect(env.SENTRY_DSN).toBe('https://key@sentry.example/7');
    expect(loadEnv(base).SENTRY_DSN).toBeUndefined();
    expect(() => loadEnv({ ...base, SENTRY_DSN: 'not a url' })).toThrow('SENTRY_DSN must be a URL');
    expect(() => loadEnv({ ...base, METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
  });
});

describe('connection pooler settings', () => {
  it('defaults to no pooler, reads the transaction-mode setting and refuses others with the choices named', () => {
    expect(loadEnv(base).DATABASE_POOLER).toBe('none');
    expect(loadEnv(base).DATABASE_DIRECT_URL).toBeUndefined();
    const env = loadEnv({ ...base, DATABASE_POOLER: 'pgbouncer-transaction', DATABASE_DIRECT_URL: 'postgres://db:5432/doppel' });
    expect(env).toMatchObject({ DATABASE_POOLER: 'pgbouncer-transaction', DATABASE_DIRECT_URL: 'postgres://db:5432/doppel' });
    expect(() => loadEnv({ ...base, DATABASE_POOLER: 'pgbouncer' })).toThrow(
      'DATABASE_POOLER must be one of: none, pgbouncer-transaction',
    );
    expect(() => loadEnv({ ...base, DATABASE_DIRECT_URL: 'db:5432' })).toThrow('DATABASE_DIRECT_URL must be a postgres:// URL');
  });
});

describe('Telegram', () => {
  it('is off unless PUBLIC_URL is a public https address, and TELEGRAM overrides that', () => {
    expect(loadEnv(base).TELEGRAM_ENABLED).toBe(false);
    // What `npm start` passes down.
    expect(loadEnv({ ...base, PUBLIC_URL: 'http://localhost:3000' }).TELEGRAM_ENABLED).toBe(false);
    expect(loadEnv({ ...base, PUBLIC_URL: 'https://localhost:3000' }).TELEGRAM_ENABLED).toBe(false);
    expect(loadEnv({ ...base, PUBLIC_URL: 'https://doppel.example.com' }).TELEGRAM_ENABLED).toBe(true);
    expect(loadEnv({ ...base, PUBLIC_URL: 'https://doppel.example.com', TELEGRAM: 'off' }).TELEGRAM_ENABLED).toBe(false);
    expect(loadEnv({ ...base, TELEGRAM: 'on' }).TELEGRAM_ENABLED).toBe(true);
    expect(() => loadEnv({ ...base, TELEGRAM: 'yes' })).toThrow('TELEGRAM must be on or off');
  });

  it('needs a key of its own for the bot tokens in production, unless Telegram is off', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      PUBLIC_URL: 'https://doppel.example.com',
    };
    expect(() => loadEnv(production)).toThrow('TELEGRAM_TOKEN_KEY is not set');
    expect(loadEnv({ ...production, TELEGRAM: 'off' }).TELEGRAM_ENABLED).toBe(false);
    expect(loadEnv({ ...production, TELEGRAM_TOKEN_KEY: 'ab'.repeat(32) }).TELEGRAM_ENABLED).toBe(true);
  });
});
