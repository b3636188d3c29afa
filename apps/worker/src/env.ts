// The only place the worker and the ops CLI read process.env: parsed once with zod, so a bad
// setting fails at start with a readable message instead of deep inside a job.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseConnectionOptions, type DatabaseTimeouts, databasePoolers } from '@doppel/db';
import { logLevelSetting } from '@doppel/validation';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };

export type { LogLevel } from '@doppel/validation';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Milliseconds, 0 for none; unset or empty is `fallback`. */
const timeoutSetting = (name: string, fallback: number) =>
  optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: `${name} must be a number of milliseconds` })
      .int(`${name} must be a whole number of milliseconds`)
      .min(0, `${name} must be 0 (none) or more`)
      .max(3_600_000, `${name} must be at most 3600000 (an hour)`)
      .default(fallback),
  );

const sharedSchema = z.object({
  LOG_LEVEL: logLevelSetting,
  NODE_ENV: optionalText,
  /** `pgbouncer-transaction` when DATABASE_URL leads to a pooler in transaction mode (docs/deploy.md). */
  DATABASE_POOLER: optionalText
    .transform((value) => value ?? 'none')
    .pipe(z.enum(databasePoolers, { error: `DATABASE_POOLER must be one of: ${databasePoolers.join(', ')}` })),
  /** Postgres past the pooler, for LISTEN and migrations; unset behind a pooler, changes are polled for. */
  DATABASE_DIRECT_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_DIRECT_URL must be a postgres:// URL' }).optional(),
  ),
});

const workerSchema = sharedSchema.extend({
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required to run the worker' })
    .trim()
    .min(1, 'DATABASE_URL is required to run the worker')
    .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' })),
  /**
   * Longest a statement may run (a lock wait included) before Postgres cancels it and the job is
   * retried; 0 is none. Longer than the API's 15 s: jobs do bulk work (a broadcast's fan-out, the
   * cleanups), but a statement past a minute is a frozen or locked database.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutSetting('DATABASE_STATEMENT_TIMEOUT_MS', 60_000),
  /** Longest a transaction may sit idle (its process frozen) holding its locks before Postgres ends it; 0 is none. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutSetting('DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
  // The chat.reply job: OpenAI (or any compatible server) when a key or base URL is set, else the
  // offline engine; ElevenLabs when its key is set, else espeak-ng.
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url({ error: 'OPENAI_BASE_URL must be a URL' }).optional()),
  /** Overrides every talent's model, e.g. the one model an Ollama or vLLM server serves. */
  OPENAI_CHAT_MODEL: optionalText,
  OPENAI_EMBEDDING_MODEL: optionalText,
  /** The moderation endpoint checks fan messages and replies; `off` for servers without it (Ollama, vLLM). */
  OPENAI_MODERATION: z.enum(['on', 'off'], { error: 'OPENAI_MODERATION must be on or off' }).default('on'),
  ELEVENLABS_API_KEY: optionalText,
  ELEVENLABS_BASE_URL: optionalText.pipe(z.url({ error: 'ELEVENLABS_BASE_URL must be a URL' }).optional()),
  /** PayPal Payouts, as the API has them: the poll job asks PayPal about sent payouts (docs/payouts.md). */
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_URL: optionalText.pipe(z.url({ error: 'PAYPAL_API_URL must be a URL' }).optional()),
  /** The VAPID contact of push notifications (broadcasts.push): a mailto: or https: address. */
  WEB_PUSH_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'WEB_PUSH_SUBJECT must be a mailto: address or an https:// URL')
      .optional(),
  ),
  /** Push notifications per second one worker sends; push services throttle floods. */
  WEB_PUSH_RATE_PER_SECOND: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'WEB_PUSH_RATE_PER_SECOND must be a number' })
      .positive('WEB_PUSH_RATE_PER_SECOND must be above 0')
      .max(10_000, 'WEB_PUSH_RATE_PER_SECOND must be at most 10000')
      .optional(),
  ),
  /** Sentry-compatible DSN failed jobs are reported to (as the API's); unset: the log line alone. */
  SENTRY_DSN: optionalText.pipe(z.url({ error: 'SENTRY_DSN must be a URL like https://key@host/project' }).optional()),
  /** The environment events are filed under; default NODE_ENV. */
  SENTRY_ENVIRONMENT: optionalText,
  /** The release events name; default the version in package.json, as the API's APP_VERSION. */
  APP_VERSION: optionalText.transform((value) => value ?? rootPackage.version ?? '0.0.0'),
  /** Same defaults as the API, so voice notes land where the API serves files from. */
  DOPPEL_DATA_DIR: optionalText.transform((value) => value ?? `${repoRoot}.data`),
  FILES_DIR: optionalText,
  // S3-compatible object storage, as the API has it: on when S3_BUCKET and the keys are set.
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText
    .pipe(z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional())
    .transform((value) => value === 'true'),
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/?$/, 'S3_PREFIX must be folder names (letters, digits, _ and -) joined by /')
      .optional(),
  ),
  // The emails jobs send ("your data is ready"), as the API's: SMTP_URL, else the development
  // outbox, with links to PUBLIC_URL (else the local `npm start` address).
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'PUBLIC_URL must be a URL' }).optional()),
  PORT: optionalText
    .transform((value) => (value === undefined ? 3000 : Number(value)))
    .pipe(z.number({ error: 'PORT must be a port number' }).int().min(0).max(65_535)),
});

const s3RequiredSettings = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const cliSchema = sharedSchema.extend({
  /** Unset: the CLI uses the embedded development database, like `npm start`. */
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  DOPPEL_DATA_DIR: optionalText,
  EMBEDDED_POSTGRES_PORT: optionalText
    .transform((value) => (value === undefined ? 54329 : Number(value)))
    .pipe(z.number({ error: 'EMBEDDED_POSTGRES_PORT must be a port number' }).int().min(1).max(65_535)),
  // The emails a command sends (`users accept`) go out as the API's do: through SMTP_URL, else into
  // the development outbox, with links to PUBLIC_URL (else the local `npm start` address).
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'PUBLIC_URL must be a URL' }).optional()),
  PORT: optionalText
    .transform((value) => (value === undefined ? 3000 : Number(value)))
    .pipe(z.number({ error: 'PORT must be a port number' }).int().min(0).max(65_535)),
});

export type WorkerEnv = z.infer<typeof workerSchema>;

/** Where uploaded files and voice notes live: FILES_DIR, else `<DOPPEL_DATA_DIR>/files` (as in the API). */
export function workerFilesDir(env: Pick<WorkerEnv, 'DOPPEL_DATA_DIR' | 'FILES_DIR'>): string {
  return env.FILES_DIR ?? join(env.DOPPEL_DATA_DIR, 'files');
}
export type CliEnv = z.infer<typeof cliSchema>;

/** DATABASE_POOLER and DATABASE_DIRECT_URL as the database clients take them. */
export function databaseConnection(env: Pick<WorkerEnv, 'DATABASE_POOLER' | 'DATABASE_DIRECT_URL'>): DatabaseConnectionOptions {
  return { pooler: env.DATABASE_POOLER, ...(env.DATABASE_DIRECT_URL ? { directUrl: env.DATABASE_DIRECT_URL } : {}) };
}

/** The session time limits of the worker's database connections (client.ts). */
export function databaseTimeouts(
  env: Pick<WorkerEnv, 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'>,
): DatabaseTimeouts {
  return { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS };
}

export class EnvError extends Error {
  override name = 'EnvError';
}

function parse<T extends z.ZodType>(schema: T, source: Record<string, string | undefined>): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
  throw new EnvError(`invalid environment:\n${lines.join('\n')}`);
}

/** Settings of the worker process (`node apps/worker/src/main.ts`). */
export function loadWorkerEnv(source: Record<string, string | undefined> = process.env): WorkerEnv {
  const env = parse(workerSchema, source);
  // All or none, as in the API: half of it would write voice notes where the API never looks.
  const missing = s3RequiredSettings.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < s3RequiredSettings.length)
    throw new EnvError(
      `invalid environment:\n  S3 file storage is half configured: set ${missing.join(', ')} too, or unset all of ${s3RequiredSettings.join(', ')}`,
    );
  return env;
}

/** Settings of the ops CLI (`npm run ops -- <command>`). */
export function loadCliEnv(source: Record<string, string | undefined> = process.env): CliEnv {
  return parse(cliSchema, source);
}
