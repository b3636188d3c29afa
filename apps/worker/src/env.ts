// The only place the worker and the ops CLI read process.env: parsed once with zod, so a bad
// setting fails at start with a readable message instead of deep inside a job.
import { z } from 'zod';

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const sharedSchema = z.object({
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => (value === '' ? 'info' : value))
    .pipe(z.enum(logLevels))
    .default('info'),
  NODE_ENV: optionalText,
});

const workerSchema = sharedSchema.extend({
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required to run the worker' })
    .trim()
    .min(1, 'DATABASE_URL is required to run the worker')
    .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' })),
});

const cliSchema = sharedSchema.extend({
  /** Unset: the CLI uses the embedded development database, like `npm start`. */
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  DOPPEL_DATA_DIR: optionalText,
  EMBEDDED_POSTGRES_PORT: optionalText
    .transform((value) => (value === undefined ? 54329 : Number(value)))
    .pipe(z.number({ error: 'EMBEDDED_POSTGRES_PORT must be a port number' }).int().min(1).max(65_535)),
});

export type WorkerEnv = z.infer<typeof workerSchema>;
export type CliEnv = z.infer<typeof cliSchema>;

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
  return parse(workerSchema, source);
}

/** Settings of the ops CLI (`npm run ops -- <command>`). */
export function loadCliEnv(source: Record<string, string | undefined> = process.env): CliEnv {
  return parse(cliSchema, source);
}
