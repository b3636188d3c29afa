// The chat.reach-out job's use case (docs/reach-out.md): finds every enabled trigger's due
// occasions, asks the rules whether the twin may write to each fan now, and writes the messages,
// a batch at a time. Exactly once per (twin, fan, occasion): a batch's reach_outs rows and their
// TALENT messages are inserted in one transaction under the chats' locks; the row's unique occasion
// key refuses a second one and the message's unique reach_out_id a second message, so a retried,
// doubled or killed run sends nothing twice. A fan whose replies the creator approves gets the
// message as a draft in Replies to approve instead (HELD), sent once the creator approves it.
import { type ChangeEvent, type Database, type Executor, newId, recordChanges, type Transaction } from '@doppel/db';
import type { ChatReplyApprovalMode, ContentLevel } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { holdsReplies } from '../chat/reply/approval-mode.ts';
import { modelMayWrite, type ReachOutWords, type ReachOutWriter, reachOutTemplate, writeReachOut } from './compose.ts';
import { type DueOccasion, findDueOccasions } from './due-occasions.ts';
import { pushReachOuts, type ReachOutPush } from './push.ts';
import { reachOutBlocked, type SkipReason } from './rules.ts';

export type EvaluateOutcome = {
  due: number;
  sent: number;
  /** Kept as drafts for the creator's approval. */
  held: number;
  already: number;
  blocked: Partial<Record<SkipReason, number>>;
  /** Browsers a push service took a notification for. */
  pushed: number;
};

/** Run in each batch's transaction with the messages it sent (Telegram's forwarding jobs, committed with them). */
export type ReachOutsSent = (tx: Transaction, messageIds: readonly string[]) => Promise<unknown>;

/** Occasions checked and sent per transaction: few enough to hold the chats' locks briefly. */
export const reachOutBatchSize = 250;
/** Messages one batch has the model write at once. */
const writerConcurrency = 8;

type FanState = {
  fanName: string;
  twinName: string;
  twinTag: string;
  blocked: SkipReason | null;
  /** The creator approves this fan's replies (the chat's mode, or the twin's): the message waits as a draft. */
  held: boolean;
};
type Check = { outcome: 'already' } | ({ outcome: 'checked' } & FanState);

type Sent = DueOccasion & { messageId: string; text: string; twinName: string; twinTag: string };

/**
 * The rules for each occasion of a batch, in one query. Read once before the words are written (so
 * no model call is spent on a refused fan), then again in the sending transaction after the chats
 * are locked, where the answer is final.
 */
async function checkOccasions(db: Executor, batch: readonly DueOccasion[], now: Date): Promise<Check[]> {
  const column = (values: string[]) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]::text[]`;
  const rows = await db.execute<{
    i: number;
    already: boolean;
    sent: string[];
    off_at: string | null;
    paused_until: string | null;
    minor_at: string | null;
    time_zone: string | null;
    name: string;
    twin_name: string;
    twin_tag: string;
    content_level: ContentLevel | null;
    reply_approval: boolean | null;
    chat_approval: ChatReplyApprovalMode;
    crisis_at: string | null;
  }>(sql`
    select x.i::int as i,
      (exists (select 1 from reach_outs r where r.talent_id = c.talent_id and r.user_id = c.user_id and r.occasion_key = x.key)
        -- A reminder the fan cancelled since it was found (fan-reminders.ts, under the same chat lock).
        or (x.key like 'remind:%' and not exists (select 1 from fan_reminders f where f.id = substr(x.key, 8)))) as already,
      -- The caps count what was sent and what waits for the creator's approval (from when it was held).
      (select coalesce(json_agg(w.at), '[]') from (
        select r.sent_at as at from reach_outs r
        where r.user_id = c.user_id and r.talent_id = c.talent_id and r.sent_at > ${now.toISOString()}::timestamptz - interval '7 days'
        union all
        select r.created_at from reach_outs r
        where r.talent_id = c.talent_id and r.user_id = c.user_id and r.status = 'HELD'
          and r.created_at > ${now.toISOString()}::timestamptz - interval '7 days') w) as sent,
      c.reach_outs_off_at as off_at, c.persona_paused_until as paused_until, c.reply_approval as chat_approval,
      u.declared_minor_at as minor_at, u.time_zone, u.name, t.name as twin_name, t.tag as twin_tag,
      tc.content_level, tc.reply_approval,
      (select max(created_at) from crisis_referrals cr where cr.chat_id = c.id) as crisis_at
    from unnest(${column(batch.map((o) => o.chatId))}, ${column(batch.map((o) => o.occasionKey))}) with ordinality as x(chat_id, key, i)
    join chats c on c.id = x.chat_id join users u on u.id = c.user_id join talents t on t.id = c.talent_id
    left join talent_configs tc on tc.id = c.talent_id`);
  const byIndex = new Map(rows.map((row) => [row.i - 1, row]));
  const date = (value: string | null) => (value ? new Date(value) : null);
  return batch.map((_occasion, index): Check => {
    const row = byIndex.get(index);
    // The chat is gone (the fan deleted their account), or the occasion was sent already.
    if (!row || row.already) return { outcome: 'already' };
    const blocked = reachOutBlocked(
      {
        reachOutsOffAt: date(row.off_at),
        personaPausedUntil: date(row.paused_until),
        declaredMinorAt: date(row.minor_at),
        timeZone: row.time_zone,
        lastCrisisReferralAt: date(row.crisis_at),
        sentAt: row.sent.map((value) => new Date(value)),
      },
      { contentLevel: row.content_level ?? 'SAFE' },
      now,
    );
    const held = holdsReplies(row.chat_approval, row.reply_approval ?? false);
    return { outcome: 'checked', fanName: row.name, twinName: row.twin_name, twinTag: row.twin_tag, blocked, held };
  });
}

type Verdict = Check | { outcome: 'blocked'; reason: SkipReason };

/**
 * The rules' answers in the batch's order, where an occasion sent earlier in the same batch counts
 * towards the caps of the later ones for that fan and twin (the database has not seen it yet).
 */
function allowedInOrder(batch: readonly DueOccasion[], checks: readonly Check[]): Verdict[] {
  const acceptedFor = new Set<string>();
  return batch.map((occasion, index) => {
    const check = checks[index] as Check;
    if (check.outcome === 'already') return check;
    // Nothing is stored for a refused occasion: a cap or the clock passes and a later run sends it;
    // a fan who turns reach-outs back on is written to while it is still due.
    if (check.blocked) return { outcome: 'blocked', reason: check.blocked };
    const fan = `${occasion.talentId}:${occasion.userId}`;
    // The daily cap is one: a second occasion for this fan in this batch waits for a later run.
    if (acceptedFor.has(fan)) return { outcome: 'blocked', reason: 'DAILY_CAP' };
    acceptedFor.add(fan);
    return check;
  });
}

/**
 * One batch in one transaction: the chats locked in id order, the rules again, then the rows, the
 * messages (or drafts, for fans whose replies the creator approves) and the chats' counters.
 */
async function sendBatch(
  tx: Transaction,
  batch: readonly Written[],
  now: Date,
  onSent: ReachOutsSent | undefined,
): Promise<{ sent: Sent[]; held: number; results: Verdict[] }> {
  // Id order: two runs (or a broadcast) locking overlapping chats cannot deadlock.
  const chatIds = [...new Set(batch.map((occasion) => occasion.chatId))].sort();
  await tx.execute(
    sql`select id from chats where id in (${sql.join(
      chatIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for no key update`,
  );
  const results = allowedInOrder(batch, await checkOccasions(tx, batch, now));
  const accepted = batch.flatMap((occasion, index) => {
    const result = results[index];
    return result?.outcome === 'checked'
      ? [
          {
            ...occasion,
            index,
            reachOutId: newId(),
            messageId: newId(),
            twinName: result.twinName,
            twinTag: result.twinTag,
            status: result.held ? ('HELD' as const) : ('SENT' as const),
            text: occasion.words?.text ?? reachOutTemplate(occasion.kind, result.fanName, occasion.instruction, occasion.about),
          },
        ]
      : [];
  });
  if (accepted.length === 0) return { sent: [], held: 0, results };
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const values = sql.join(
    accepted.map(
      (o) =>
        sql`(${o.reachOutId}, ${o.messageId}, ${o.chatId}, ${o.userId}, ${o.talentId}, ${o.kind}, ${o.occasionKey}, ${o.text}, ${o.status})`,
    ),
    sql`, `,
  );
  // The rows, their messages or drafts and the chats' counters in one statement. A row refused by
  // the unique occasion key (a run that committed meanwhile) gets neither. A held draft's id is the
  // message id it will be sent as.
  const inserted = await tx.execute<{ id: string }>(sql`
    with input (reach_out_id, message_id, chat_id, user_id, talent_id, kind, occasion_key, text, status) as (values ${values}),
    occasions as (
      insert into reach_outs (id, talent_id, user_id, chat_id, kind, occasion_key, status, message_id, sent_at, created_at)
      select reach_out_id, talent_id, user_id, chat_id, kind, occasion_key, status,
        case when status = 'SENT' then message_id end, case when status = 'SENT' then ${stamp} end, ${stamp} from input
      on conflict (talent_id, user_id, occasion_key) do nothing
      returning id
    ),
    messages as (
      insert into chat_messages (id, chat_id, sender_type, text, reach_out_id, created_at)
      select input.message_id, input.chat_id, 'TALENT', input.text, o.id, ${stamp}
      from occasions o join input on input.reach_out_id = o.id where input.status = 'SENT'
      returning chat_id
    ),
    drafts as (
      insert into reply_drafts (id, chat_id, talent_id, reach_out_id, text, created_at)
      select input.message_id, input.chat_id, input.talent_id, o.id, input.text, ${stamp}
      from occasions o join input on input.reach_out_id = o.id where input.status = 'HELD'
    ),
    counted as (
      update chats set chat_message_count = chat_message_count + m.n, updated_at = ${stamp}
      from (select chat_id, count(*)::int as n from messages group by chat_id) m where chats.id = m.chat_id
      returning chats.id
    )
    select id from occasions`);
  const insertedIds = new Set(inserted.map((row) => row.id));
  const stored = accepted.filter((o) => insertedIds.has(o.reachOutId));
  const sent: Sent[] = stored.filter((o) => o.status === 'SENT');
  const held = stored.filter((o) => o.status === 'HELD');
  const events: ChangeEvent[] = [];
  // One live event per batch: the fans' open chats show their message, the creators' screens and admins refresh.
  if (sent.length > 0) {
    const chatScopes = sent.map((o) => `chat:${o.chatId}`);
    const talentScopes = [...new Set(sent.map((o) => `talent:${o.talentId}`))];
    const first = sent[0] as Sent;
    events.push(
      { entity: 'chat_messages', rowId: `reach-out:${first.messageId}`, scopes: [...chatScopes, ...talentScopes, 'admin'] },
      // The counts per trigger (the creator's Reach out page, the admin's tab).
      { entity: 'reach_outs', rowId: `batch:${first.messageId}`, scopes: [...talentScopes, 'admin'] },
    );
  }
  // The creators' Replies to approve (draftChanged's entity, one event for the batch).
  if (held.length > 0) {
    const talentScopes = [...new Set(held.map((o) => `talent:${o.talentId}`))];
    events.push({ entity: 'reply_drafts', rowId: `reach-out:${held[0]?.messageId}`, scopes: [...talentScopes, 'admin'] });
  }
  await recordChanges(tx, events);
  if (onSent && sent.length > 0)
    await onSent(
      tx,
      sent.map((o) => o.messageId),
    );
  // An occasion another run sent between the check and the insert.
  for (const o of accepted) if (!insertedIds.has(o.reachOutId)) results[o.index] = { outcome: 'already' };
  return { sent, held: held.length, results };
}

/** `work` on every item, at most `limit` at once, results in the items' order. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

type Written = DueOccasion & { words: ReachOutWords | null };

/**
 * The batch's words, written before its transaction. When a model may write, the rules are read
 * first (no model call for a refused fan) and the model writes for the others, a few at a time.
 * Otherwise nothing is read here: the words are the templates, made in the transaction from what it
 * reads of each fan.
 */
async function wordsForBatch(
  db: Database,
  writer: ReachOutWriter | undefined,
  batch: readonly DueOccasion[],
  now: Date,
): Promise<{ written: Written[]; refused: Verdict[] }> {
  if (!(await modelMayWrite(writer, db, [...new Set(batch.map((o) => o.talentId))]))) {
    return { written: batch.map((occasion) => ({ ...occasion, words: null })), refused: [] };
  }
  const verdicts = allowedInOrder(batch, await checkOccasions(db, batch, now));
  const allowed = batch.flatMap((occasion, index) => {
    const verdict = verdicts[index];
    return verdict?.outcome === 'checked' ? [{ occasion, fanName: verdict.fanName }] : [];
  });
  const words = await mapConcurrently(allowed, writerConcurrency, ({ occasion, fanName }) =>
    writeReachOut(writer, db, occasion, fanName),
  );
  return {
    written: allowed.map(({ occasion }, index) => ({ ...occasion, words: words[index] ?? null })),
    refused: verdicts.filter((verdict) => verdict.outcome !== 'checked'),
  };
}

/**
 * Every enabled trigger of every twin: its due occasions, each sent or left for a later run, a batch
 * at a time. With a writer the twin's model writes each message (outside the transaction: no lock
 * or connection is held across a model call); without one, the offline templates do.
 */
export async function evaluateReachOuts(
  db: Database,
  options: { now?: Date; push?: ReachOutPush; writer?: ReachOutWriter; onSent?: ReachOutsSent } = {},
): Promise<EvaluateOutcome> {
  const now = options.now ?? new Date();
  const due = await findDueOccasions(db, now);
  const outcome: EvaluateOutcome = { due: due.length, sent: 0, held: 0, already: 0, blocked: {}, pushed: 0 };
  for (let start = 0; start < due.length; start += reachOutBatchSize) {
    const batch = due.slice(start, start + reachOutBatchSize);
    const { written, refused } = await wordsForBatch(db, options.writer, batch, now);
    const { sent, held, results } =
      written.length > 0
        ? await db.transaction((tx) => sendBatch(tx, written, now, options.onSent))
        : { sent: [], held: 0, results: [] };
    // Refused before writing, or by the check under the lock.
    for (const result of [...refused, ...results]) {
      if (result.outcome === 'already') outcome.already += 1;
      else if (result.outcome === 'blocked') outcome.blocked[result.reason] = (outcome.blocked[result.reason] ?? 0) + 1;
    }
    outcome.sent += sent.length;
    outcome.held += held;
    if (options.push && sent.length > 0) outcome.pushed += await pushReachOuts(db, options.push, sent);
  }
  return outcome;
}
