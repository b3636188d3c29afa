import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  databaseConnectionSettings,
  errorReportingSettings,
  isValidBic,
  isValidIban,
  logSettings,
  mailSettings,
  openAiSettings,
  optionalSetting,
  payPalSettings,
  s3RequiredSettings,
  s3Settings,
  telegramTokenKeySetting,
  togetherSettings,
} from '@doppel/validation';
import { z } from 'zod';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url('DATABASE_URL must be a postgres:// URL'),
  ...databaseConnectionSettings,
  /**
   * Longest a statement may run (a lock wait included) before Postgres cancels it and the call
   * answers "temporarily unavailable"; 0 is none. Calls are interactive: the slowest screens run in
   * well under a second (bench/), so a statement past 15 s is a frozen or locked database.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Longest a transaction may sit idle (its process frozen) holding its locks before Postgres ends it; 0 is none. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  PUBLIC_URL: z.url().optional(),
  ...logSettings,
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
  ...s3Settings,
  // Sign-in providers: each is on when all of its variables are set (checked in loadEnv).
  GOOGLE_CLIENT_ID: optionalSetting,
  GOOGLE_CLIENT_SECRET: optionalSetting,
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  APPLE_CLIENT_ID: optionalSetting,
  APPLE_TEAM_ID: optionalSetting,
  APPLE_KEY_ID: optionalSetting,
  /** The .p8 key (PKCS#8 PEM, ES256); `\n` escapes are accepted for one-line settings. */
  APPLE_PRIVATE_KEY: optionalSetting.transform((value) => value?.replaceAll('\\n', '\n')),
  APPLE_ISSUER_URL: z.url().default('https://appleid.apple.com'),
  ...mailSettings,
  /** Free credits an anonymous fan gets on arriving at a twin's chat (docs/chat-engine.md). */
  FAN_FREE_CREDITS: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Anonymous fans one address may create per hour (each holds free credits); see anonymousFanLimits. */
  ANONYMOUS_FANS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Live streams one session, and one address, may hold open on one API process (live-streams.ts). */
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(32),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(128),
  /** The embedded feature-request board (/feedback); unset switches the page to "not configured". */
  FEEDBACK_BOARD_URL: optionalSetting.pipe(z.url('FEEDBACK_BOARD_URL must be a URL').optional()),
  /** Shared secret the board verifies our HS256 tokens with; needed together with FEEDBACK_BOARD_URL. */
  FEEDBACK_BOARD_SECRET: optionalSetting,
  // Payments (docs/payments.md). Without Stripe, development opens the offline sandbox page and
  // production sells nothing, unless PAYMENTS_SANDBOX says otherwise.
  /** Stripe secret key (`sk_live_…`, `sk_test_…`); needs STRIPE_WEBHOOK_SECRET too. */
  STRIPE_SECRET_KEY: optionalSetting,
  /** The signing secret of the webhook endpoint `<PUBLIC_URL>/webhooks/stripe` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: optionalSetting,
  /** Another Stripe API host (a local stripe-mock, tests' fake); default Stripe's own. */
  STRIPE_API_URL: optionalSetting.pipe(z.url('STRIPE_API_URL must be a URL').optional()),
  /**
   * The offline sandbox checkout, which books purchases without money, when Stripe is not set:
   * `on` turns it on in production too (a demo server; logged as a warning at start), `off` turns
   * it off in development. Default: on outside production, off in production.
   */
  PAYMENTS_SANDBOX: optionalSetting.pipe(z.enum(['on', 'off'], 'PAYMENTS_SANDBOX must be on or off').optional()),
  /** App Store in-app purchases: the app's bundle id; needs APPLE_IAP_ROOT_CERTIFICATES too. */
  APPLE_IAP_BUNDLE_ID: optionalSetting,
  APPLE_IAP_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  /** The app's numeric Apple id; Apple's verifier needs it in Production. */
  APPLE_IAP_APP_ID: optionalSetting.pipe(z.coerce.number<string | undefined>().int().positive().optional()),
  /** Paths (comma-separated) of trusted root certificates, DER or PEM: Apple Root CA - G3. */
  APPLE_IAP_ROOT_CERTIFICATES: optionalSetting,
  /** Google Play in-app purchases: the app's package name; needs GOOGLE_PLAY_SERVICE_ACCOUNT and GOOGLE_PLAY_PUSH_TOKEN. */
  GOOGLE_PLAY_PACKAGE_NAME: optionalSetting,
  /** The service account's JSON key, inline or as a path to the file. */
  GOOGLE_PLAY_SERVICE_ACCOUNT: optionalSetting,
  /** Secret in the Pub/Sub push URL `<PUBLIC_URL>/webhooks/google?token=…`, so only Google's pushes are taken. */
  GOOGLE_PLAY_PUSH_TOKEN: optionalSetting,
  /** Another Play Developer API root (tests' fake); default Google's own. */
  GOOGLE_PLAY_API_URL: optionalSetting.pipe(z.url('GOOGLE_PLAY_API_URL must be a URL').optional()),
  // Payouts (docs/payouts.md). With none configured, admins mark payouts executed by hand.
  ...payPalSettings,
  /** Our paying bank account, the debtor of the pain.001 bank file; all three or none. */
  PAYOUT_BANK_DEBTOR_NAME: optionalSetting,
  PAYOUT_BANK_DEBTOR_IBAN: optionalSetting,
  PAYOUT_BANK_DEBTOR_BIC: optionalSetting,
  // Telegram (docs/telegram.md): creators link their bots, whose webhooks Telegram calls at
  // PUBLIC_URL, so it is off until PUBLIC_URL is a public https:// address (TELEGRAM=on|off overrides).
  TELEGRAM: optionalSetting.pipe(z.enum(['on', 'off'], 'TELEGRAM must be on or off').optional()),
  /** Another Bot API root (a self-hosted Bot API server, tests' fake); default https://api.telegram.org. */
  TELEGRAM_API_ROOT: optionalSetting.pipe(z.url('TELEGRAM_API_ROOT must be a URL').optional()),
  ...telegramTokenKeySetting,
  // OpenAI, or any compatible server: fine-tuning (docs/fine-tuning.md) and the crisis check of
  // every fan message (docs/safety.md: the moderation endpoint after the phrase list; without a
  // key or base URL, or with OPENAI_MODERATION=off, the phrase list alone).
  ...openAiSettings,
  /** Comma-separated OpenAI bases a model may be fine-tuned from, the first the default; default a current list. */
  FINE_TUNING_BASE_MODELS: optionalSetting,
  // Together AI (docs/fine-tuning.md#providers): offered to models when its key is set.
  ...togetherSettings,
  /** Comma-separated Together bases, the first the default; default a current list. */
  TOGETHER_BASE_MODELS: optionalSetting,
  /** The organisation ids the version titles name V0 and V1 (docs/product-rules.md#admin-back-office); others show as Unknown. */
  FINE_TUNING_ORGANISATION_V0: optionalSetting,
  FINE_TUNING_ORGANISATION_V1: optionalSetting,
  /** `on` allows the development outbox in production (it is readable by anyone who reaches the server). */
  DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  // Operations (docs/deploy.md): error reporting and metrics.
  ...errorReportingSettings,
  /** Bearer token GET /metrics asks for; without one, production does not serve /metrics at all. */
  METRICS_TOKEN: optionalSetting.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
});

const providerVariables = {
  'Google sign-in': ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  'Apple sign-in': ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
  Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  'App Store': ['APPLE_IAP_BUNDLE_ID', 'APPLE_IAP_ROOT_CERTIFICATES'],
  'Google Play': ['GOOGLE_PLAY_PACKAGE_NAME', 'GOOGLE_PLAY_SERVICE_ACCOUNT', 'GOOGLE_PLAY_PUSH_TOKEN'],
  'PayPal payouts': ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
  'The bank file': ['PAYOUT_BANK_DEBTOR_NAME', 'PAYOUT_BANK_DEBTOR_IBAN', 'PAYOUT_BANK_DEBTOR_BIC'],
  'S3 file storage': s3RequiredSettings,
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
  const telegramOn = env.TELEGRAM ? env.TELEGRAM === 'on' : reachableByTelegram(env.PUBLIC_URL);
  if (env.NODE_ENV === 'production' && telegramOn && !env.TELEGRAM_TOKEN_KEY)
    problems.push(
      '  TELEGRAM_TOKEN_KEY is not set: in production the bot tokens creators link must be sealed with a key of your own (openssl rand -hex 32, the same for the API and the worker), or set TELEGRAM=off.',
    );
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.DEV_OUTBOX !== 'on')
    problems.push(
      '  SMTP_URL is not set: in production sign-in emails need an SMTP server. The development outbox would show every sign-in link to anyone who reaches the server; set DEV_OUTBOX=on only if that is really wanted.',
    );
  return problems;
}

/**
 * Whether Telegram could deliver webhooks to this address: an https:// one that is not this machine
 * (Telegram calls only HTTPS webhooks; `npm start` passes http://localhost:PORT down).
 */
export function reachableByTelegram(publicUrl: string | undefined): boolean {
  if (!publicUrl) return false;
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export type Env = z.infer<typeof schema> & {
  PUBLIC_URL: string;
  FILES_DIR: string;
  /** Whether creators may link Telegram bots: TELEGRAM, else whether PUBLIC_URL is a public https:// address. */
  TELEGRAM_ENABLED: boolean;
};

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
    TELEGRAM_ENABLED: env.TELEGRAM ? env.TELEGRAM === 'on' : reachableByTelegram(env.PUBLIC_URL),
  };
}
