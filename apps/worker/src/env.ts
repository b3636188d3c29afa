// The only place the worker and the ops CLI read process.env: parsed once with zod, so a bad
// setting fails at start with a readable message instead of deep inside a job.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseConnectionOptions, DatabaseTimeouts } from '@doppel/db';
import {
  databaseConnectionSettings,
  errorReportingSettings,
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

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };

/** Milliseconds, 0 for none; unset or empty is `fallback`. */
const timeoutSetting = (name: string, fallback: number) =>
  optionalSetting.pipe(
    z.coerce
      .number<string | undefined>({ error: `${name} must be a number of milliseconds` })
      .int(`${name} must be a whole number of milliseconds`)
      .min(0, `${name} must be 0 (none) or more`)
      .max(3_600_000, `${name} must be at most 3600000 (an hour)`)
      .default(fallback),
  );

// Quality checks (docs/quality.md): cases per run, each answer's length, and the judge model (used
// when a model key is set; offline, the offline scorer judges). The worker's jobs and `ops quality run` read them.
const qualitySettings = {
  QUALITY_MAX_CASES: optionalSetting.pipe(
    z.coerce
      .number<string | undefined>({ error: 'QUALITY_MAX_CASES must be a number' })
      .int('QUALITY_MAX_CASES must be a whole number')
      .min(1, 'QUALITY_MAX_CASES must be at least 1')
      .max(2000, 'QUALITY_MAX_CASES must be at most 2000')
      .optional(),
  ),
  QUALITY_MAX_TOKENS: optionalSetting.pipe(
    z.coerce
      .number<string | undefined>({ error: 'QUALITY_MAX_TOKENS must be a number' })
      .int('QUALITY_MAX_TOKENS must be a whole number')
      .min(16, 'QUALITY_MAX_TOKENS must be at least 16')
      .max(4000, 'QUALITY_MAX_TOKENS must be at most 4000')
      .optional(),
  ),
  QUALITY_JUDGE_MODEL: optionalSetting,
};

// The settings of the API the worker and the CLI read too come from @doppel/validation's settings,
// so one environment means the same to every process.
const sharedSchema = z.object({
  ...logSettings,
  NODE_ENV: optionalSetting,
  ...databaseConnectionSettings,
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
  /**
   * Replies one worker process writes at once (each mostly waits on the model); default the
   * catalog's 256. Bounded by CPU, the database pool and the provider's rate limit, not by this.
   */
  REPLY_CONCURRENCY: optionalSetting.pipe(
    z.coerce
      .number<string | undefined>({ error: 'REPLY_CONCURRENCY must be a number' })
      .int('REPLY_CONCURRENCY must be a whole number')
      .min(1, 'REPLY_CONCURRENCY must be at least 1')
      .max(10_000, 'REPLY_CONCURRENCY must be at most 10000')
      .optional(),
  ),
  /** Connections of the worker's database pool (pg-boss keeps a few of its own); default 10. */
  DATABASE_POOL_SIZE: optionalSetting.pipe(
    z.coerce
      .number<string | undefined>({ error: 'DATABASE_POOL_SIZE must be a number' })
      .int('DATABASE_POOL_SIZE must be a whole number')
      .min(1, 'DATABASE_POOL_SIZE must be at least 1')
      .max(500, 'DATABASE_POOL_SIZE must be at most 500')
      .optional(),
  ),
  // The chat.reply job: OpenAI (or any compatible server) when a key or base URL is set, else the
  // offline engine; ElevenLabs when its key is set, else espeak-ng.
  ...openAiSettings,
  /** Overrides every talent's model, e.g. the one model an Ollama or vLLM server serves. */
  OPENAI_CHAT_MODEL: optionalSetting,
  OPENAI_EMBEDDING_MODEL: optionalSetting,
  /** Speech to text of fans' voice notes (docs/speech-to-text.md); default gpt-4o-mini-transcribe. */
  OPENAI_TRANSCRIBE_MODEL: optionalSetting,
  // Together AI: fine-tuning (models.fine-tune) and the replies of versions trained there.
  ...togetherSettings,
  ELEVENLABS_API_KEY: optionalSetting,
  ELEVENLABS_BASE_URL: optionalSetting.pipe(z.url({ error: 'ELEVENLABS_BASE_URL must be a URL' }).optional()),
  ...qualitySettings,
  // PayPal Payouts, as the API has them: the poll job asks PayPal about sent payouts (docs/payouts.md).
  ...payPalSettings,
  /** The VAPID contact of push notifications (broadcasts.push): a mailto: or https: address. */
  WEB_PUSH_SUBJECT: optionalSetting.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'WEB_PUSH_SUBJECT must be a mailto: address or an https:// URL')
      .optional(),
  ),
  /** Push notifications per second one worker sends; push services throttle floods. */
  WEB_PUSH_RATE_PER_SECOND: optionalSetting.pipe(
    z.coerce
      .number<string | undefined>({ error: 'WEB_PUSH_RATE_PER_SECOND must be a number' })
      .positive('WEB_PUSH_RATE_PER_SECOND must be above 0')
      .max(10_000, 'WEB_PUSH_RATE_PER_SECOND must be at most 10000')
      .optional(),
  ),
  // Telegram (docs/telegram.md): the telegram.update job answers fans through the Bot API, gives
  // a new Telegram fan the free credits an anonymous fan of the app gets, and links to PUBLIC_URL.
  /** Another Bot API root (a self-hosted Bot API server, tests' fake); default https://api.telegram.org. */
  TELEGRAM_API_ROOT: optionalSetting.pipe(z.url({ error: 'TELEGRAM_API_ROOT must be a URL' }).optional()),
  ...telegramTokenKeySetting,
  /** The free credits of a new fan, as the API's FAN_FREE_CREDITS (same default). */
  FAN_FREE_CREDITS: optionalSetting
    .transform((value) => (value === undefined ? 10 : Number(value)))
    .pipe(z.number({ error: 'FAN_FREE_CREDITS must be a number' }).int().min(0).max(10_000)),
  // Failed jobs are reported as the API's internal errors are.
  ...errorReportingSettings,
  /** The release events name; default the version in package.json, as the API's APP_VERSION. */
  APP_VERSION: optionalSetting.transform((value) => value ?? rootPackage.version ?? '0.0.0'),
  /** Same defaults as the API, so voice notes land where the API serves files from. */
  DOPPEL_DATA_DIR: optionalSetting.transform((value) => value ?? `${repoRoot}.data`),
  FILES_DIR: optionalSetting,
  // S3-compatible object storage, as the API has it: on when S3_BUCKET and the keys are set.
  ...s3Settings,
  // The emails jobs send ("your data is ready"), as the API's: SMTP_URL, else the development
  // outbox, with links to PUBLIC_URL (else the local `npm start` address).
  ...mailSettings,
  PUBLIC_URL: optionalSetting.pipe(z.url({ error: 'PUBLIC_URL must be a URL' }).optional()),
  PORT: optionalSetting
    .transform((value) => (value === undefined ? 3000 : Number(value)))
    .pipe(z.number({ error: 'PORT must be a port number' }).int().min(0).max(65_535)),
});

const cliSchema = sharedSchema.extend({
  // `quality run` answers and scores as the worker does: the same model settings.
  ...openAiSettings,
  OPENAI_CHAT_MODEL: optionalSetting,
  OPENAI_EMBEDDING_MODEL: optionalSetting,
  ...qualitySettings,
  /** Unset: the CLI uses the embedded development database, like `npm start`. */
  DATABASE_URL: optionalSetting.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  DOPPEL_DATA_DIR: optionalSetting,
  EMBEDDED_POSTGRES_PORT: optionalSetting
    .transform((value) => (value === undefined ? 54329 : Number(value)))
    .pipe(z.number({ error: 'EMBEDDED_POSTGRES_PORT must be a port number' }).int().min(1).max(65_535)),
  // The emails a command sends (`users accept`) go out as the API's do: through SMTP_URL, else into
  // the development outbox, with links to PUBLIC_URL (else the local `npm start` address).
  ...mailSettings,
  PUBLIC_URL: optionalSetting.pipe(z.url({ error: 'PUBLIC_URL must be a URL' }).optional()),
  // `telegram reseal` seals the bot tokens under the first of the API's and worker's keys.
  ...telegramTokenKeySetting,
  PORT: optionalSetting
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
