import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databasePoolers } from '@doppel/db';
import { isValidBic, isValidIban, logLevelSetting } from '@doppel/validation';
import { z } from 'zod';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Unset and empty are the same: an `.env` line `GOOGLE_CLIENT_ID=` switches the provider off. */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url('DATABASE_URL must be a postgres:// URL'),
  /** `pgbouncer-transaction` when DATABASE_URL leads to a pooler in transaction mode (docs/deploy.md). */
  DATABASE_POOLER: z
    .enum(databasePoolers, { error: `DATABASE_POOLER must be one of: ${databasePoolers.join(', ')}` })
    .default('none'),
  /** Postgres past the pooler, for LISTEN; unset behind a pooler, live changes are polled for. */
  DATABASE_DIRECT_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_DIRECT_URL must be a postgres:// URL' }).optional(),
  ),
  /**
   * Longest a statement may run (a lock wait included) before Postgres cancels it and the call
   * answers "temporarily unavailable"; 0 is none. Calls are interactive: the slowest screens run in
   * well under a second (bench/), so a statement past 15 s is a frozen or locked database.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Longest a transaction may sit idle (its process frozen) holding its locks before Postgres ends it; 0 is none. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: logLevelSetting,
  APP_VERSION: z.string().default(rootPackage.version ?? '0.0.0'),
  /** Folder of the built web app; unset serves none (API only). */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Behind a reverse proxy, whom to trust for X-Forwarded-For: `true` (any hop) or the proxy
   * addresses/CIDRs, comma-separated. Unset trusts nobody, so a client cannot spoof its address
   * past the per-address limits.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | string[] => {
      if (value === undefined || value.trim() === '' || value === 'false') return false;
      if (value === 'true') return true;
      return value.split(',').map((entry) => entry.trim());
    }),
  /** Local data (embedded Postgres, uploaded files); default `<repo>/.data`. */
  DOPPEL_DATA_DIR: z.string().default(`${repoRoot}.data`),
  /** Where uploaded files are stored on local disk; default `<DOPPEL_DATA_DIR>/files`. */
  FILES_DIR: z.string().optional(),
  // Files on S3-compatible object storage instead (several machines): on when S3_BUCKET and the keys are set.
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
  /** Another S3-compatible server (MinIO, R2, …); unset is AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `true` addresses objects as /{bucket}/{key}, which MinIO and most local servers need. */
  S3_FORCE_PATH_STYLE: optionalText
    .pipe(z.enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false').optional())
    .transform((value) => value === 'true'),
  /** A folder in the bucket every key lives under, e.g. `production`. */
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/, 'S3_PREFIX must be folder names (letters, digits, _ and -) joined by /')
      .optional(),
  ),
  // Sign-in providers: each is on when all of its variables are set (checked in loadEnv).
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  /** The .p8 key (PKCS#8 PEM, ES256); `\n` escapes are accepted for one-line settings. */
  APPLE_PRIVATE_KEY: optionalText.transform((value) => value?.replaceAll('\\n', '\n')),
  APPLE_ISSUER_URL: z.url().default('https://appleid.apple.com'),
  /** Email: SMTP when set (smtp://user:pass@host:587), otherwise the development outbox. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  /** Sender of every email; default `Doppel <no-reply@doppel.local>`. */
  MAIL_FROM: optionalText,
  /** Free credits an anonymous fan gets on arriving at a twin's chat (docs/chat-engine.md). */
  FAN_FREE_CREDITS: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Anonymous fans one address may create per hour (each holds free credits); see anonymousFanLimits. */
  ANONYMOUS_FANS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Live streams one session, and one address, may hold open on one API process (live-streams.ts). */
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(32),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(128),
  /** The embedded feature-request board (/feedback); unset switches the page to "not configured". */
  FEEDBACK_BOARD_URL: optionalText.pipe(z.url('FEEDBACK_BOARD_URL must be a URL').optional()),
  /** Shared secret the board verifies our HS256 tokens with; needed together with FEEDBACK_BOARD_URL. */
  FEEDBACK_BOARD_SECRET: optionalText,
  // Payments (docs/payments.md). Without Stripe, development opens the offline sandbox page and
  // production sells nothing, unless PAYMENTS_SANDBOX says otherwise.
  /** Stripe secret key (`sk_live_…`, `sk_test_…`); needs STRIPE_WEBHOOK_SECRET too. */
  STRIPE_SECRET_KEY: optionalText,
  /** The signing secret of the webhook endpoint `<PUBLIC_URL>/webhooks/stripe` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API host (a local stripe-mock, tests' fake); default Stripe's own. */
  STRIPE_API_URL: optionalText.pipe(z.url('STRIPE_API_URL must be a URL').optional()),
  /**
   * The offline sandbox checkout, which books purchases without money, when Stripe is not set:
   * `on` turns it on in production too (a demo server; logged as a warning at start), `off` turns
   * it off in development. Default: on outside production, off in production.
   */
  PAYMENTS_SANDBOX: optionalText.pipe(z.enum(['on', 'off'], 'PAYMENTS_SANDBOX must be on or off').optional()),
  /** App Store in-app purchases: the app's bundle id; needs APPLE_IAP_ROOT_CERTIFICATES too. */
  APPLE_IAP_BUNDLE_ID: optionalText,
  APPLE_IAP_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  /** The app's numeric Apple id; Apple's verifier needs it in Production. */
  APPLE_IAP_APP_ID: optionalText.pipe(z.coerce.number<string | undefined>().int().positive().optional()),
  /** Paths (comma-separated) of trusted root certificates, DER or PEM: Apple Root CA - G3. */
  APPLE_IAP_ROOT_CERTIFICATES: optionalText,
  /** Google Play in-app purchases: the app's package name; needs GOOGLE_PLAY_SERVICE_ACCOUNT and GOOGLE_PLAY_PUSH_TOKEN. */
  GOOGLE_PLAY_PACKAGE_NAME: optionalText,
  /** The service account's JSON key, inline or as a path to the file. */
  GOOGLE_PLAY_SERVICE_ACCOUNT: optionalText,
  /** Secret in the Pub/Sub push URL `<PUBLIC_URL>/webhooks/google?token=…`, so only Google's pushes are taken. */
  GOOGLE_PLAY_PUSH_TOKEN: optionalText,
  /** Another Play Developer API root (tests' fake); default Google's own. */
  GOOGLE_PLAY_API_URL: optionalText.pipe(z.url('GOOGLE_PLAY_API_URL must be a URL').optional()),
  // Payouts (docs/payouts.md). With none configured, admins mark payouts executed by hand.
  /** PayPal Payouts REST app credentials; both or neither. */
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  /** PayPal's API root: https://api-m.paypal.com live; default the sandbox, https://api-m.sandbox.paypal.com. */
  PAYPAL_API_URL: optionalText.pipe(z.url('PAYPAL_API_URL must be a URL').optional()),
  /** Our paying bank account, the debtor of the pain.001 bank file; all three or none. */
  PAYOUT_BANK_DEBTOR_NAME: optionalText,
  PAYOUT_BANK_DEBTOR_IBAN: optionalText,
  PAYOUT_BANK_DEBTOR_BIC: optionalText,
  // OpenAI, or any compatible server: fine-tuning (docs/fine-tuning.md) and the crisis check of
  // every fan message (docs/safety.md: the moderation endpoint after the phrase list; without a
  // key or base URL, or with OPENAI_MODERATION=off, the phrase list alone).
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url({ error: 'OPENAI_BASE_URL must be a URL' }).optional()),
  OPENAI_MODERATION: z.enum(['on', 'off'], { error: 'OPENAI_MODERATION must be on or off' }).default('on'),
  /** Comma-separated bases a model may be fine-tuned from, the first the default; default a current list. */
  FINE_TUNING_BASE_MODELS: optionalText,
  /** The organisation ids the version titles name V0 and V1 (docs/product-rules.md#admin-back-office); others show as Unknown. */
  FINE_TUNING_ORGANISATION_V0: optionalText,
  FINE_TUNING_ORGANISATION_V1: optionalText,
  /** `on` allows the development outbox in production (it is readable by anyone who reaches the server). */
  DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  // Operations (docs/deploy.md): error reporting and metrics.
  /** Sentry-compatible DSN internal errors are reported to; unset: the log line alone. */
  SENTRY_DSN: optionalText.pipe(z.url('SENTRY_DSN must be a URL like https://key@host/project').optional()),
  /** The environment events are filed under; default NODE_ENV. */
  SENTRY_ENVIRONMENT: optionalText,
  /** Bearer token GET /metrics asks for; without one, production does not serve /metrics at all. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
});

const providerVariables = {
  'Google sign-in': ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  'Apple sign-in': ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
  Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  'App Store': ['APPLE_IAP_BUNDLE_ID', 'APPLE_IAP_ROOT_CERTIFICATES'],
  'Google Play': ['GOOGLE_PLAY_PACKAGE_NAME', 'GOOGLE_PLAY_SERVICE_ACCOUNT', 'GOOGLE_PLAY_PUSH_TOKEN'],
  'PayPal payouts': ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
  'The bank file': ['PAYOUT_BANK_DEBTOR_NAME', 'PAYOUT_BANK_DEBTOR_IBAN', 'PAYOUT_BANK_DEBTOR_BIC'],
  'S3 file storage': ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
} as const;

/** Settings that parse one by one but make no sense together; each message says how to fix it. */
function configurationProblems(env: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  for (const [provider, names] of Object.entries(providerVariables)) {
    const missing = names.filter((name) => !env[name]);
    if (missing.length > 0 && missing.length < names.length)
      problems.push(`  ${provider} is half configured: set ${missing.join(', ')} too, or unset all of ${names.join(', ')}`);
  }
  if (env.PAYOUT_BANK_DEBTOR_IBAN && !isValidIban(env.PAYOUT_BANK_DEBTOR_IBAN))
    problems.push('  PAYOUT_BANK_DEBTOR_IBAN is not a valid IBAN');
  if (env.PAYOUT_BANK_DEBTOR_BIC && !isValidBic(env.PAYOUT_BANK_DEBTOR_BIC))
    problems.push('  PAYOUT_BANK_DEBTOR_BIC is not a valid BIC');
  if (env.APPLE_IAP_BUNDLE_ID && env.APPLE_IAP_ENVIRONMENT === 'Production' && !env.APPLE_IAP_APP_ID)
    problems.push("  App Store purchases in Production need APPLE_IAP_APP_ID (the app's numeric Apple id)");
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.DEV_OUTBOX !== 'on')
    problems.push(
      '  SMTP_URL is not set: in production sign-in emails need an SMTP server. The development outbox would show every sign-in link to anyone who reaches the server; set DEV_OUTBOX=on only if that is really wanted.',
    );
  return problems;
}

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string; FILES_DIR: string };

/** Parses the environment once; a bad setting stops the start with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const problems = configurationProblems(env);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    FILES_DIR: env.FILES_DIR ?? join(env.DOPPEL_DATA_DIR, 'files'),
  };
}
