// The environment settings more than one process reads (the API, the worker, the ops CLI), as zod
// schema fields. Each process composes its own schema from the groups it needs, so one `npm start`
// that hands both processes the same environment cannot have them disagree about a value.
import { z } from 'zod';
import { logLevelSetting } from '../system/log-level.ts';

/** Unset and empty are the same: an `.env` line `S3_BUCKET=` switches the feature off. */
export const optionalSetting = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * `pgbouncer-transaction`: DATABASE_URL leads to a pooler in transaction mode (PgBouncer's
 * `pool_mode = transaction`, or any pooler that lends a server session for one transaction only).
 */
export const databasePoolers = ['none', 'pgbouncer-transaction'] as const;
export type DatabasePooler = (typeof databasePoolers)[number];

export const logSettings = { LOG_LEVEL: logLevelSetting };

/** How to reach Postgres besides DATABASE_URL (docs/deploy.md). */
export const databaseConnectionSettings = {
  /** `pgbouncer-transaction` when DATABASE_URL leads to a pooler in transaction mode; unset or empty is `none`. */
  DATABASE_POOLER: optionalSetting
    .transform((value) => value ?? 'none')
    .pipe(z.enum(databasePoolers, { error: `DATABASE_POOLER must be one of: ${databasePoolers.join(', ')}` })),
  /** Postgres past the pooler, for LISTEN and migrations; unset behind a pooler, live changes are polled for. */
  DATABASE_DIRECT_URL: optionalSetting.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_DIRECT_URL must be a postgres:// URL' }).optional(),
  ),
};

/** Files on S3-compatible object storage instead of local disk (several machines): on when the required ones are set. */
export const s3Settings = {
  S3_BUCKET: optionalSetting,
  S3_REGION: optionalSetting.transform((value) => value ?? 'us-east-1'),
  /** Another S3-compatible server (MinIO, R2, …); unset is AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: optionalSetting.pipe(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalSetting,
  S3_SECRET_ACCESS_KEY: optionalSetting,
  /** `true` addresses objects as /{bucket}/{key}, which MinIO and most local servers need. */
  S3_FORCE_PATH_STYLE: optionalSetting
    .pipe(z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional())
    .transform((value) => value === 'true'),
  /** A folder in the bucket every key lives under, e.g. `production`. */
  S3_PREFIX: optionalSetting.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/, 'S3_PREFIX must be folder names (letters, digits, _ and -) joined by /')
      .optional(),
  ),
};

/** All or none: half of them would store files where another process never looks. */
export const s3RequiredSettings = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Email: SMTP when set (smtp://user:pass@host:587), otherwise the development outbox. */
export const mailSettings = {
  SMTP_URL: optionalSetting.pipe(
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** Sender of every email; default `Doppel <no-reply@doppel.local>`. */
  MAIL_FROM: optionalSetting,
};

/** OpenAI, or any compatible server (Ollama, vLLM): without a key or base URL, the offline fallbacks. */
export const openAiSettings = {
  OPENAI_API_KEY: optionalSetting,
  OPENAI_BASE_URL: optionalSetting.pipe(z.url({ error: 'OPENAI_BASE_URL must be a URL' }).optional()),
  /** The moderation endpoint checks fan messages and replies; `off` for servers without it. */
  OPENAI_MODERATION: z.enum(['on', 'off'], { error: 'OPENAI_MODERATION must be on or off' }).default('on'),
};

/** One key of 32 bytes as 64 hex characters (openssl rand -hex 32), or several, comma-separated, the newest first. */
export const telegramTokenKeyPattern = /^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/;
export const telegramTokenKeyMessage =
  'TELEGRAM_TOKEN_KEY must be 64 hex characters (openssl rand -hex 32), or several such keys separated by commas, the newest first';

/**
 * The key bot tokens are sealed with at rest, the same for the API and the worker (docs/telegram.md);
 * default: a development key. During a rotation, the new key first and the old one after it.
 */
export const telegramTokenKeySetting = {
  TELEGRAM_TOKEN_KEY: optionalSetting.pipe(
    z
      .string()
      .transform((value) => value.replaceAll(/\s/g, ''))
      .pipe(z.string().regex(telegramTokenKeyPattern, telegramTokenKeyMessage))
      .optional(),
  ),
};

/** Together AI (docs/fine-tuning.md#providers): fine-tuning, and replies of the versions trained there. */
export const togetherSettings = {
  TOGETHER_API_KEY: optionalSetting,
  /** Another Together API root (tests' fake); default https://api.together.xyz/v1. */
  TOGETHER_BASE_URL: optionalSetting.pipe(z.url({ error: 'TOGETHER_BASE_URL must be a URL' }).optional()),
};

/** PayPal Payouts REST app credentials, both or neither (docs/payouts.md). */
export const payPalSettings = {
  PAYPAL_CLIENT_ID: optionalSetting,
  PAYPAL_CLIENT_SECRET: optionalSetting,
  /** PayPal's API root: https://api-m.paypal.com live; default the sandbox, https://api-m.sandbox.paypal.com. */
  PAYPAL_API_URL: optionalSetting.pipe(z.url({ error: 'PAYPAL_API_URL must be a URL' }).optional()),
};

/** Error reporting (docs/deploy.md). */
export const errorReportingSettings = {
  /** Sentry-compatible DSN internal errors and failed jobs are reported to; unset: the log line alone. */
  SENTRY_DSN: optionalSetting.pipe(z.url({ error: 'SENTRY_DSN must be a URL like https://key@host/project' }).optional()),
  /** The environment events are filed under; default NODE_ENV. */
  SENTRY_ENVIRONMENT: optionalSetting,
};
