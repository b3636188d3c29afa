// The crisis protocol inside chat.send (docs/safety.md): when the fan's message speaks of suicide or
// self-harm, or the twin is paused in this chat, the fan gets the safety reply instead of the twin,
// nothing is charged, the referral is counted and a crisis message is flagged for review.
import { appConfigs, type ChangeEvent, crisisReferrals, defaultAppId, type Executor, newId } from '@doppel/db';
import { defaultCrisisPauseHours } from '@doppel/validation';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { CrisisSignal } from '../../ports/crisis-check.ts';
import { insertBoundaryFlag } from '../boundaries/flags.ts';
import type { ChatRef } from '../scopes.ts';
import { pausedUntil, pausesPersona, safetyReplyText } from './safety-reply.ts';

/** What the send knows before its transaction: the check's verdict and the fan's country. */
export type CrisisContext = { signal: CrisisSignal | null; country: string | null };

export type CrisisAnswer = {
  text: string;
  signal: CrisisSignal | null;
  country: string | null;
  /** Set when this message pauses the twin (a repeated crisis message). */
  pauseUntil: Date | null;
};

/**
 * The safety reply due for this message, or null when the twin answers as usual. Reads the admins'
 * text and pause, and the chat's earlier crisis messages within the pause: one round trip, only
 * for a crisis message or a paused chat.
 */
export async function planCrisisAnswer(
  tx: Executor,
  input: { chatId: string; now: Date; personaPausedUntil: Date | null; crisis: CrisisContext | undefined },
): Promise<CrisisAnswer | null> {
  const signal = input.crisis?.signal ?? null;
  const paused = input.personaPausedUntil !== null && input.personaPausedUntil > input.now;
  if (!signal && !paused) return null;
  const country = input.crisis?.country ?? null;
  const pauseHours = sql`coalesce((select ${appConfigs.crisisPauseHours} from ${appConfigs} where ${appConfigs.id} = ${defaultAppId}), ${defaultCrisisPauseHours})`;
  const [[config], [earlier]] = await Promise.all([
    tx
      .select({ text: appConfigs.crisisReplyText, pauseHours: appConfigs.crisisPauseHours })
      .from(appConfigs)
      .where(eq(appConfigs.id, defaultAppId)),
    signal
      ? tx
          .select({ count: sql<number>`count(*)::int` })
          .from(crisisReferrals)
          .where(
            and(
              eq(crisisReferrals.chatId, input.chatId),
              ne(crisisReferrals.source, 'PAUSED'),
              gt(crisisReferrals.createdAt, sql`${input.now.toISOString()}::timestamptz - ${pauseHours} * interval '1 hour'`),
            ),
          )
      : [{ count: 0 }],
  ]);
  const hours = config?.pauseHours ?? defaultCrisisPauseHours;
  return {
    text: safetyReplyText(config?.text, country),
    signal,
    country,
    pauseUntil: signal && pausesPersona(earlier?.count ?? 0) ? pausedUntil(input.now, hours) : null,
  };
}

/** The referral row (counted by the Safety report) and, for a crisis message, its flag. */
export function crisisWrites(
  tx: Executor,
  answer: CrisisAnswer,
  chat: ChatRef,
  messageId: string,
  at: Date,
): { writes: Promise<unknown>[]; events: ChangeEvent[] } {
  const id = newId();
  const writes: Promise<unknown>[] = [
    tx.insert(crisisReferrals).values({
      id,
      chatId: chat.id,
      messageId,
      source: answer.signal?.source ?? 'PAUSED',
      country: answer.country,
      createdAt: at,
    }),
  ];
  const events: ChangeEvent[] = [{ entity: 'crisis_referrals', rowId: id, scopes: ['admin'] }];
  if (answer.signal) {
    const flag = insertBoundaryFlag(tx, {
      chat,
      messageId,
      side: 'FAN',
      crossing: { reason: 'CRISIS', matched: `${answer.signal.source.toLowerCase()}: ${answer.signal.matched}` },
    });
    writes.push(flag.write);
    events.push(flag.event);
  }
  return { writes, events };
}
