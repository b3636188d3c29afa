// Command-line parsing of the ops CLI, kept pure (no I/O) so it is unit tested.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { InvalidJobPayloadError, isJobName, type JobName, jobNames, parseJobPayload } from '@doppel/jobs';
import { z } from 'zod';

export const jobStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export type CliCommand =
  | { name: 'help' }
  | { name: 'queues' }
  | { name: 'jobs'; queue: string; state: JobState | undefined; limit: number }
  | { name: 'run'; job: JobName; payload: unknown; wait: boolean; timeoutSeconds: number }
  | { name: 'retry'; queue: string }
  | { name: 'redrive'; queue: string }
  | { name: 'admin create'; email: string; displayName: string | undefined }
  | { name: 'admin promote'; email: string }
  | { name: 'users accept'; email: string }
  | { name: 'migrate' }
  | { name: 'seed' }
  | { name: 'ledger check'; repair: boolean }
  | { name: 'broadcasts list'; limit: number }
  | { name: 'broadcasts run'; broadcastId: string }
  | { name: 'broadcasts retry'; broadcastId: string }
  | { name: 'quality run'; twin: string }
  | { name: 'quality report'; twin: string; limit: number }
  | { name: 'telegram reseal' };

/** A mistake in how the CLI was called; the message is shown as is. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const commandUsage: ReadonlyArray<readonly [usage: string, summary: string]> = [
  ['help', 'list the commands'],
  ['queues', 'list the job queues with queued, active, failed and completed counts'],
  ['jobs <queue> [--state created|retry|active|completed|cancelled|failed] [--limit N]', 'list the newest jobs of a queue'],
  ['run <job-name> [json-payload] [--wait] [--timeout SECONDS]', `send a job now (${jobNames.join(', ')})`],
  ['retry <queue>', 'retry the failed jobs of a queue'],
  ['redrive <queue>.dead', 'move dead-lettered jobs back to the queue they failed on'],
  ['admin create <email> [--name NAME]', 'create an admin (role ADMIN, waitlist ACCEPTED)'],
  ['admin promote <email>', 'make an existing user an admin (role ADMIN, waitlist ACCEPTED)'],
  ['users accept <email>', "accept a user's waitlist application and email them, as the admin screen does"],
  [
    'ledger check [--repair]',
    "check every talent's ledger against its earning frames, held payouts and payments (--repair resets drifted held totals)",
  ],
  [
    'broadcasts [list] [--limit N]',
    'list the newest scheduled broadcasts with their progress (sent of scheduled, chunks, pushes)',
  ],
  ['broadcasts run <broadcast-id>', 'prepare a scheduled broadcast now (moving its time to now) and queue its sends'],
  ['broadcasts retry <broadcast-id>', "queue again a broadcast's chunks not yet sent and pushes not yet made"],
  ['quality run <twin-tag-or-id>', "score the twin's check set now (a MANUAL run), printing progress and the scores"],
  ['quality report <twin-tag-or-id> [--limit N]', "list the twin's latest quality runs and the weakest cases of the newest"],
  [
    'telegram reseal',
    "seal every linked bot's token under TELEGRAM_TOKEN_KEY's first key (after a rotation; then drop the old key)",
  ],
  ['migrate', 'apply the database migrations and create the job queues'],
  ['seed', 'load the demo data (once; a seeded database is left alone)'],
];

/** Emails are stored trimmed and lower-cased; the uniqueness of emails relies on it. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'not a valid email address' }));

export function parseEmail(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError('an email address is required');
  const result = emailSchema.safeParse(value);
  if (!result.success) throw new UsageError(`invalid email "${value}": ${result.error.issues[0]?.message ?? 'not valid'}`);
  return result.data;
}

type Options = NonNullable<ParseArgsConfig['options']>;
const optionsFor: Record<string, Options> = {
  jobs: { state: { type: 'string' }, limit: { type: 'string' } },
  run: { wait: { type: 'boolean' }, timeout: { type: 'string' } },
  'admin create': { name: { type: 'string' } },
  'ledger check': { repair: { type: 'boolean' } },
  'broadcasts list': { limit: { type: 'string' } },
  'quality report': { limit: { type: 'string' } },
};

function positiveInteger(flag: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max)
    throw new UsageError(`--${flag} must be a whole number from 1 to ${max}`);
  return parsed;
}

function exactly(command: string, positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length)
    throw new UsageError(`\`${command}\` needs ${names.map((name) => `<${name}>`).join(' ')}`);
  if (positionals.length > names.length)
    throw new UsageError(`\`${command}\` got an unexpected argument: ${positionals[names.length]}`);
  return positionals;
}

function parsePayload(job: JobName, text: string | undefined): unknown {
  let raw: unknown = {};
  if (text !== undefined) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new UsageError(`the payload of ${job} must be JSON, for example '{}'; got: ${text}`);
    }
  }
  try {
    return parseJobPayload(job, raw);
  } catch (error) {
    if (error instanceof InvalidJobPayloadError) throw new UsageError(error.message);
    throw error;
  }
}

/** Turns `process.argv.slice(2)` into a command, or throws a UsageError that says what is wrong. */
export function parseCommandLine(argv: readonly string[]): CliCommand {
  const [first, second] = argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') return { name: 'help' };
  // `broadcasts` alone (or with only flags) lists them.
  const listsBroadcasts = first === 'broadcasts' && (second === undefined || second.startsWith('-'));
  const grouped =
    !listsBroadcasts &&
    (first === 'admin' ||
      first === 'users' ||
      first === 'ledger' ||
      first === 'broadcasts' ||
      first === 'quality' ||
      first === 'telegram');
  const command = listsBroadcasts ? 'broadcasts list' : grouped ? `${first} ${second ?? ''}`.trim() : first;
  const rest = argv.slice(grouped ? 2 : 1);
  if (rest.includes('--help') || rest.includes('-h')) return { name: 'help' };

  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...rest],
      options: optionsFor[command] ?? {},
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}`);
  }
  const { values, positionals } = parsed;
  const text = (key: string) => values[key] as string | undefined;

  switch (command) {
    case 'queues':
    case 'migrate':
    case 'seed':
      exactly(command, positionals, []);
      return { name: command };
    case 'jobs': {
      const [queue = ''] = exactly(command, positionals, ['queue']);
      const state = text('state');
      if (state !== undefined && !(jobStates as readonly string[]).includes(state)) {
        throw new UsageError(`--state must be one of ${jobStates.join(', ')}`);
      }
      return {
        name: 'jobs',
        queue,
        state: state as JobState | undefined,
        limit: positiveInteger('limit', text('limit'), 20, 1000),
      };
    }
    case 'run': {
      const [job, payload, extra] = positionals;
      if (job === undefined) throw new UsageError(`\`run\` needs <job-name>: one of ${jobNames.join(', ')}`);
      if (extra !== undefined) throw new UsageError(`\`run\` got an unexpected argument: ${extra}`);
      if (!isJobName(job)) throw new UsageError(`unknown job "${job}"; jobs: ${jobNames.join(', ')}`);
      return {
        name: 'run',
        job,
        payload: parsePayload(job, payload),
        wait: values.wait === true,
        timeoutSeconds: positiveInteger('timeout', text('timeout'), 60, 3600),
      };
    }
    case 'retry':
    case 'redrive': {
      const [queue = ''] = exactly(command, positionals, ['queue']);
      return { name: command, queue };
    }
    case 'admin create': {
      const [email] = exactly(command, positionals, ['email']);
      const displayName = text('name')?.trim();
      if (displayName !== undefined && (displayName === '' || displayName.length > 100)) {
        throw new UsageError('--name must have 1 to 100 characters');
      }
      return { name: 'admin create', email: parseEmail(email), displayName };
    }
    case 'telegram reseal':
      exactly(command, positionals, []);
      return { name: command };
    case 'ledger check':
      exactly(command, positionals, []);
      return { name: 'ledger check', repair: values.repair === true };
    case 'broadcasts list':
      exactly(command, positionals, []);
      return { name: command, limit: positiveInteger('limit', text('limit'), 20, 1000) };
    case 'broadcasts run':
    case 'broadcasts retry': {
      const [broadcastId = ''] = exactly(command, positionals, ['broadcast-id']);
      return { name: command, broadcastId };
    }
    case 'quality run': {
      const [twin = ''] = exactly(command, positionals, ['twin-tag-or-id']);
      return { name: command, twin };
    }
    case 'quality report': {
      const [twin = ''] = exactly(command, positionals, ['twin-tag-or-id']);
      return { name: command, twin, limit: positiveInteger('limit', text('limit'), 10, 100) };
    }
    case 'admin promote':
    case 'users accept': {
      const [email] = exactly(command, positionals, ['email']);
      return { name: command, email: parseEmail(email) };
    }
    default:
      if (grouped)
        throw new UsageError(
          `unknown command "${command}"; \`${first}\` takes ${{ admin: 'create or promote', users: 'accept', ledger: 'check', broadcasts: 'list, run or retry', quality: 'run or report', telegram: 'reseal' }[first] ?? 'a subcommand'}`,
        );
      throw new UsageError(`unknown command "${first}"; run \`npm run ops -- help\``);
  }
}

/** The text `help` prints. */
export function helpText(): string {
  const width = Math.max(...commandUsage.map(([usage]) => usage.length));
  const lines = commandUsage.map(([usage, summary]) => `  ${usage.padEnd(width)}  ${summary}`);
  return [
    'Doppel ops CLI: npm run ops -- <command>',
    '',
    'Commands:',
    ...lines,
    '',
    'Database: DATABASE_URL, or the embedded development database (DOPPEL_DATA_DIR, EMBEDDED_POSTGRES_PORT).',
  ].join('\n');
}
