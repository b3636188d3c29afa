import type { DbClient } from '@doppel/db';
import type { Mailer } from '@doppel/domain/ports';
import type { TelegramTokenKeys } from '@doppel/domain/telegram';
import type { PgBoss } from 'pg-boss';
import type { QualityCliEngine } from './quality-commands.ts';

/** What a command may use; the CLI opens each piece only when a command asks for it. */
export type OpsContext = {
  client: DbClient;
  /** A started client-role pg-boss with the catalog queues in place. */
  boss: () => Promise<PgBoss>;
  out: (text: string) => void;
  /** SMTP when configured, else the development outbox, as in the API. */
  mailer: Mailer;
  /** Where emailed links point. */
  publicUrl: string;
  /** TELEGRAM_TOKEN_KEY's keys, as the API and the worker read them (`telegram reseal`). */
  telegramTokenKeys: TelegramTokenKeys;
  /** The model `quality run` answers and scores with (the worker's settings). */
  qualityEngine: () => QualityCliEngine;
};

/** An expected failure of a command (bad state, not found); printed without a stack, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}
