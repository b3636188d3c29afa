import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';

export const reportErrorInput = z.object({
  message: z.string().max(2000),
  path: singleLineText().max(300),
  stack: z.string().max(10_000).optional(),
  url: singleLineText().max(2000).optional(),
});
export type ReportErrorInput = z.infer<typeof reportErrorInput>;

/** A live-read scope: the public app scope, one user, talent or chat, or the admin back-office. */
export const liveScope = z.union([
  z.literal('app'),
  z.literal('admin'),
  z.string().regex(/^(user|talent|chat):[a-z0-9]{1,64}$/, 'Unknown live scope'),
]);

export const liveEventsInput = z.object({
  scopes: z.array(liveScope).min(1).max(20),
  /**
   * Set by the tRPC client on reconnect (tracked events): `{xid}` or `{xid}.{index}`. Bounded so
   * that it stays a safe integer and a bigint: a 26-digit id had reached Postgres and answered 500.
   */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,9})?$/, 'Not a live event id')
    .nullish(),
});
export type LiveEventsInput = z.infer<typeof liveEventsInput>;

export { type LogLevel, logLevelSetting, logLevels } from './log-level.ts';
