// Storing the twin's answer to a fan message: the TALENT message, its ChatPrompt, the chat's
// counters and live events, and for a refusal the refund and flag, in one transaction that a
// takeover committed meanwhile rolls back.
import {
  boundaryFlagUniqueIndex,
  type ChangeEvent,
  chatReplyUniqueIndex,
  fanReminders,
  recordChanges,
  type Transaction,
  violatedUniqueConstraint,
} from '@doppel/db';
import { sql } from 'drizzle-orm';
import { type BoundaryRefusal, refundAndFlag } from '../boundaries/flags.ts';
import { mayTellAboutFan } from '../memory/worth-remembering.ts';
import { safetyReplyCameAfter } from '../safety/stand-down.ts';
import { sqlOnce } from '../send/built-once.ts';
import type { ReplyDeps } from './answer-fan-message.ts';
import type { ComposedReply } from './attachments.ts';
import type { ReplyContext } from './load.ts';
import { type PromptRecord, promptRow } from './prompt-record.ts';

/** Thrown inside a store transaction to roll it back when the chat was taken over meanwhile. */
export class TakenOverMeanwhile extends Error {}

/** Thrown inside a store transaction to roll it back when a safety reply came after the fan's message (stand-down.ts). */
export class SafetyReplyMeanwhile extends Error {}

/** Thrown inside a store transaction to roll it back when the chat's row changed after the statement's snapshot. */
class ChatChangedMeanwhile extends Error {}

/**
 * Whether a safety reply came after the fan's message. Issued after the chat row's update in the
 * same pipeline, so it runs once the lock is held and sees a send that committed while it waited.
 */
export async function safetyReplyMeanwhile(tx: Transaction, chatId: string, messageId: string): Promise<boolean> {
  const [row] = await tx.execute<{ after: boolean }>(sql`select ${safetyReplyCameAfter(chatId, messageId)} as after`);
  return row?.after === true;
}

/**
 * The reply's store in one statement (a data-modifying CTE): the chat's counter, the TALENT
 * message and its ChatPrompt, where it took four. The chat row is updated first (the inserts read
 * from its update), which locks it: a creator's answer to the same message then waits on that lock
 * rather than deadlocking on the unique answer index.
 *
 * Every part of one statement reads one snapshot, taken before the lock is waited for, so the
 * statement alone cannot see a takeover or a safety reply that committed meanwhile. Both update the
 * chat's row (so does every send), so the update matches only the row version the snapshot saw
 * (its `xmin`): when it changed after the snapshot, Postgres rechecks the newer version, it does not
 * match, and nothing is stored. `taken_over` and `safety_after` then say what the snapshot saw; a
 * store that says neither was overtaken by a change and runs again with a new snapshot.
 */
const storeCtes = `
with seen as (
  select xmin as version, taken_over_at is not null as taken_over from chats where id = $1
), safety as (
  -- stand-down.ts safetyReplyCameAfter, in SQL
  select exists (select 1 from chat_messages safety where safety.chat_id = $1 and safety.is_safety_reply
    and safety.created_at > (select m.created_at from chat_messages m where m.id = $2)) as after
), counted as (
  update chats set chat_message_count = chat_message_count + 1, updated_at = $3
  where id = $1 and taken_over_at is null and xmin = (select version from seen) and not (select after from safety)
  returning id
), message as (
  insert into chat_messages (id, chat_id, sender_type, text, attachments, reply_to_message_id)
  select $4, counted.id, 'TALENT', $5, $6, $2 from counted
  returning id, chat_id
), prompt as (
  insert into chat_prompts (id, chat_id, llm_type, llm_fine_tuned_model_id, llm_temperature, messages, faq_items,
    faq_min_score, memories, passages, examples, functions, token_usage, response_text, response_fallback_text,
    response_function)
  select message.id, message.chat_id, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20 from message
)`;
const storeOutcome = `
select exists (select 1 from message) as stored, coalesce((select taken_over from seen), true) as taken_over,
  (select after from safety) as safety_after`;
type StoreOutcome = { stored: boolean; taken_over: boolean; safety_after: boolean };
const storeStatement = sqlOnce<StoreOutcome>(storeCtes + storeOutcome);

/**
 * The same store with the reply's live events in the outbox (recordChanges, `$21`), for a reply
 * that stores nothing else: one statement is its own transaction, so it needs no BEGIN and COMMIT
 * (two of the reply's writes to Postgres and two round trips). The events are inserted only when
 * the message is; nothing else in the statement writes unless the chat's row was updated.
 */
const storeAloneStatement = sqlOnce<StoreOutcome>(`${storeCtes}, events as (
  insert into change_events (changes) select $21::jsonb from message
  on conflict (xid) do update set changes = change_events.changes || excluded.changes
)${storeOutcome}`);

/** How often a store overtaken by a change to the chat's row (a send of the fan's, say) runs again. */
const storeAttempts = 5;

/**
 * The TALENT message, its ChatPrompt, the chat counters and the live events, in one transaction.
 * 'answered' when a concurrent run of the same job stored its answer first: that one stands;
 * 'taken over' when the creator took the chat over while the model was writing, 'stood down' when
 * the fan got the safety reply meanwhile: nothing is stored.
 */
export async function storeReply(
  deps: Pick<ReplyDeps, 'db' | 'enqueueRemember'>,
  context: ReplyContext,
  record: PromptRecord,
  reply: ComposedReply,
  replyMessageId: string,
  refusal?: BoundaryRefusal,
): Promise<'stored' | 'answered' | 'taken over' | 'stood down'> {
  for (let attempt = 1; ; attempt++) {
    try {
      await storeOnce(deps, context, record, reply, replyMessageId, refusal);
      return 'stored';
    } catch (error) {
      if (error instanceof TakenOverMeanwhile) return 'taken over';
      if (error instanceof SafetyReplyMeanwhile) return 'stood down';
      if (error instanceof ChatChangedMeanwhile) {
        if (attempt < storeAttempts) continue;
        throw new Error(`The chat changed under each of ${storeAttempts} attempts to store the reply`);
      }
      // The unique reply index (or, for a refusal, the one flag per message) refused a second
      // answer to the same fan message: nothing was stored.
      const violated = violatedUniqueConstraint(error);
      if (violated === chatReplyUniqueIndex || violated === boundaryFlagUniqueIndex) return 'answered';
      throw error;
    }
  }
}

async function storeOnce(
  { db, enqueueRemember }: Pick<ReplyDeps, 'db' | 'enqueueRemember'>,
  context: ReplyContext,
  record: PromptRecord,
  reply: ComposedReply,
  replyMessageId: string,
  refusal: BoundaryRefusal | undefined,
): Promise<void> {
  const { chat } = context;
  const scopes = [`chat:${chat.id}`, `talent:${chat.talentId}`, 'admin'];
  const row = promptRow(record);
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const values = [
    chat.id,
    context.message.id,
    new Date().toISOString(),
    replyMessageId,
    reply.text,
    json(reply.attachments),
    row.llmType,
    row.llmFineTunedModelId ?? null,
    row.llmTemperature,
    json(row.messages),
    json(row.faqItems),
    row.faqMinScore ?? null,
    json(row.memories),
    json(row.passages),
    json(row.examples),
    json(row.functions),
    json(row.tokenUsage),
    row.responseText ?? null,
    row.responseFallbackText ?? null,
    json(row.responseFunction),
  ];
  // Only a message that may tell something about the fan is read for notes (worth-remembering.ts).
  const remember = mayTellAboutFan(context.message.text) ? enqueueRemember : undefined;
  const outcome = (stored: StoreOutcome | undefined) => {
    if (stored?.stored) return;
    if (stored?.taken_over !== false) throw new TakenOverMeanwhile();
    if (stored.safety_after) throw new SafetyReplyMeanwhile();
    throw new ChatChangedMeanwhile();
  };
  // Nothing to store beside the reply (no refund, no memory job, no reminder): one statement.
  if (!refusal && !remember && !reply.reminder) {
    const changes: ChangeEvent[] = [
      { entity: 'chat_messages', rowId: replyMessageId, scopes },
      { entity: 'chats', rowId: chat.id, scopes },
    ];
    const [stored] = await storeAloneStatement(db, [...values, JSON.stringify(changes)]);
    return outcome(stored);
  }
  await db.transaction(async (tx) => {
    // A refusal first gives the fan back what the message cost; its first statement locks the
    // fan's row, so the lock order stays that of every spend (user row, then chat).
    const refusalEvents = refusal ? await refundAndFlag(tx, refusal) : [];
    const changes: ChangeEvent[] = [
      { entity: 'chat_messages', rowId: replyMessageId, scopes },
      { entity: 'chats', rowId: chat.id, scopes },
      ...refusalEvents,
    ];
    // Issued together, so postgres.js sends them in one write and Postgres runs them in this order:
    // the store, then the memory job with the live events in its outbox row (one insert for both),
    // then a reminder. When the store stores nothing, the throw below rolls the others back.
    const job = { chatId: chat.id, messageId: context.message.id };
    const [[stored]] = await Promise.all([
      storeStatement(tx, values),
      remember ? remember(tx, job, changes) : recordChanges(tx, changes),
      reply.reminder
        ? tx
            .insert(fanReminders)
            .values({
              chatId: chat.id,
              userId: chat.userId,
              talentId: chat.talentId,
              messageId: context.message.id,
              about: reply.reminder.about,
              dueAt: reply.reminder.dueAt,
            })
            .onConflictDoNothing()
        : undefined,
    ]);
    outcome(stored);
  });
}
