// The chat.reach-out job's use case (docs/reach-out.md): finds each enabled trigger's due
// occasions, asks the rules whether the twin may write to that fan now, and writes the message.
// Exactly once per (twin, fan, occasion): the reach_outs row and its TALENT message are inserted
// in one transaction under the chat's lock, the row's unique occasion key refuses a second one and
// the message's unique reach_out_id a second message, so a retried or doubled run sends nothing again.
import {
  type Database,
  type Executor,
  newId,
  pushSubscriptions,
  reachOutTriggers,
  recordChanges,
  type Transaction,
} from '@doppel/db';
import type { ContentLevel, ReachOutKind, ReachOutParams } from '@doppel/validation';
import { checkInDefaults } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import type { WebPushPort } from '../ports/web-push.ts';
import { recordPushDelivery, type SendPushOptions, sendToSubscriptions } from '../push/send-to-subscriptions.ts';
import { type ReachOutWriter, writeReachOut } from './compose.ts';
import {
  checkInOccasion,
  reachOutBlocked,
  type SkipReason,
  subscriptionEndingOccasion,
  subscriptionLapsedOccasion,
} from './rules.ts';

type Candidate = {
  chatId: string;
  userId: string;
  talentId: string;
  kind: ReachOutKind;
  occasionKey: string;
  instruction: string;
};

export type EvaluateOutcome = {
  due: number;
  sent: number;
  already: number;
  blocked: Partial<Record<SkipReason, number>>;
  /** Browsers a push service took a notification for. */
  pushed: number;
};

/** Web Push for fans who turned notifications on (the broadcasts' sending); absent: no notifications. */
export type ReachOutPush = { port: WebPushPort; options: SendPushOptions };

const dayMs = 86_400_000;

async function dueOccasions(
  db: Database,
  trigger: { talentId: string; kind: ReachOutKind; params: ReachOutParams; instruction: string },
  now: Date,
): Promise<Candidate[]> {
  const { talentId, kind, instruction } = trigger;
  const stamp = sql`${now.toISOString()}::timestamptz`;
  if (kind === 'CHECK_IN') {
    const params = {
      minMessages: trigger.params.minMessages ?? checkInDefaults.minMessages,
      quietDays: trigger.params.quietDays ?? checkInDefaults.quietDays,
    };
    const quietSince = new Date(now.getTime() - params.quietDays * dayMs).toISOString();
    const rows = await db.execute<{ id: string; user_id: string; last: string; fan_messages: number }>(sql`
      select c.id, c.user_id, c.last_user_message_at as last,
        (select count(*) from chat_messages m where m.chat_id = c.id and m.sender_type = 'USER')::int as fan_messages
      from chats c
      where c.talent_id = ${talentId} and c.last_user_message_at <= ${quietSince}::timestamptz`);
    return rows.flatMap((row) => {
      const key = checkInOccasion({ fanMessageCount: row.fan_messages, lastUserMessageAt: new Date(row.last) }, params, now);
      return key ? [{ chatId: row.id, userId: row.user_id, talentId, kind, occasionKey: key, instruction }] : [];
    });
  }
  if (kind === 'THANK_YOU') {
    // The fan's first payment to this twin, or the first payment of a new subscription, in the last 2 days.
    const rows = await db.execute<{ id: string; chat_id: string; user_id: string }>(sql`
      select p.id, c.id as chat_id, p.user_id from payments p
      join chats c on c.user_id = p.user_id and c.talent_id = p.talent_id
      where p.talent_id = ${talentId} and p.created_at > ${stamp} - interval '2 days' and p.created_at <= ${stamp}
        and (
          not exists (select 1 from payments q where q.user_id = p.user_id and q.talent_id = p.talent_id and q.created_at < p.created_at)
          or (p.subscription_id is not null and not exists (
            select 1 from payments q where q.subscription_id = p.subscription_id and q.created_at < p.created_at))
        )`);
    return rows.map((row) => ({
      chatId: row.chat_id,
      userId: row.user_id,
      talentId,
      kind,
      occasionKey: `thank-you:${row.id}`,
      instruction,
    }));
  }
  const rows = await db.execute<{ id: string; status: string; period_end: string; chat_id: string; user_id: string }>(sql`
    select s.id, s.status, s.current_period_end as period_end, c.id as chat_id, s.user_id from subscriptions s
    join chats c on c.user_id = s.user_id and c.talent_id = s.talent_id
    where s.talent_id = ${talentId}
      and s.current_period_end > ${stamp} - interval '7 days' and s.current_period_end <= ${stamp} + interval '3 days'`);
  return rows.flatMap((row) => {
    const subscription = { id: row.id, status: row.status, currentPeriodEnd: new Date(row.period_end) };
    const key =
      kind === 'SUBSCRIPTION_ENDING'
        ? subscriptionEndingOccasion(subscription, now)
        : subscriptionLapsedOccasion(subscription, now);
    return key ? [{ chatId: row.chat_id, userId: row.user_id, talentId, kind, occasionKey: key, instruction }] : [];
  });
}

type SendResult =
  | { outcome: 'sent'; text: string; twinName: string; twinTag: string; messageId: string }
  | { outcome: 'already' }
  | { outcome: 'blocked'; reason: SkipReason };

type FanCheck = Exclude<SendResult, { outcome: 'sent' }> | { outcome: 'due'; fanName: string; twinName: string; twinTag: string };

/**
 * Whether the occasion may be sent now: not sent before, and no rule against it. Read once before
 * the words are written (so no model call is spent on a blocked fan), then again under the chat's
 * lock (`lock`) in the transaction that sends, where the answer is final.
 */
async function checkOccasion(db: Executor, candidate: Candidate, now: Date, lock: boolean): Promise<FanCheck> {
  const [fan] = await db.execute<{
    off_at: string | null;
    paused_until: string | null;
    minor_at: string | null;
    time_zone: string | null;
    name: string;
    twin_name: string;
    twin_tag: string;
    content_level: ContentLevel | null;
    reply_approval: boolean | null;
    crisis_at: string | null;
  }>(sql`
    select c.reach_outs_off_at as off_at, c.persona_paused_until as paused_until,
      u.declared_minor_at as minor_at, u.time_zone, u.name, t.name as twin_name, t.tag as twin_tag,
      tc.content_level, tc.reply_approval,
      (select max(created_at) from crisis_referrals cr where cr.chat_id = c.id) as crisis_at
    from chats c join users u on u.id = c.user_id join talents t on t.id = c.talent_id left join talent_configs tc on tc.id = c.talent_id
    where c.id = ${candidate.chatId}
    ${lock ? sql`for no key update of c` : sql``}`);
  if (!fan) return { outcome: 'already' };
  const [existing] = await db.execute<{ id: string }>(sql`
    select id from reach_outs where talent_id = ${candidate.talentId} and user_id = ${candidate.userId}
      and occasion_key = ${candidate.occasionKey}`);
  if (existing) return { outcome: 'already' };
  const sent = await db.execute<{ sent_at: string }>(sql`
    select sent_at from reach_outs where user_id = ${candidate.userId} and talent_id = ${candidate.talentId}
      and sent_at > ${now.toISOString()}::timestamptz - interval '7 days'`);
  const date = (value: string | null) => (value ? new Date(value) : null);
  const reason = reachOutBlocked(
    {
      reachOutsOffAt: date(fan.off_at),
      personaPausedUntil: date(fan.paused_until),
      declaredMinorAt: date(fan.minor_at),
      timeZone: fan.time_zone,
      lastCrisisReferralAt: date(fan.crisis_at),
      sentAt: sent.map((row) => new Date(row.sent_at)),
    },
    { contentLevel: fan.content_level ?? 'SAFE', repliesHeldForApproval: fan.reply_approval ?? false },
    now,
  );
  // Nothing is stored for a blocked occasion: a cap or the clock passes and the next run sends it;
  // a fan who turns reach-outs back on is written to while it is still due.
  if (reason) return { outcome: 'blocked', reason };
  return { outcome: 'due', fanName: fan.name, twinName: fan.twin_name, twinTag: fan.twin_tag };
}

/** One occasion, in one transaction under the chat's lock: the rules again, then the row and the message. */
async function sendOccasion(tx: Transaction, candidate: Candidate, text: string, now: Date): Promise<SendResult> {
  const check = await checkOccasion(tx, candidate, now, true);
  if (check.outcome !== 'due') return check;
  const reachOutId = newId();
  const messageId = newId();
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into reach_outs (id, talent_id, user_id, chat_id, kind, occasion_key, status, created_at)
    values (${reachOutId}, ${candidate.talentId}, ${candidate.userId}, ${candidate.chatId}, ${candidate.kind},
      ${candidate.occasionKey}, 'PENDING', ${stamp})
    on conflict (talent_id, user_id, occasion_key) do nothing
    returning id`);
  if (inserted.length === 0) return { outcome: 'already' };
  await tx.execute(sql`
    insert into chat_messages (id, chat_id, sender_type, text, reach_out_id, created_at)
    values (${messageId}, ${candidate.chatId}, 'TALENT', ${text}, ${reachOutId}, ${stamp})`);
  await tx.execute(sql`
    update reach_outs set status = 'SENT', message_id = ${messageId}, sent_at = ${stamp} where id = ${reachOutId}`);
  await tx.execute(sql`
    update chats set chat_message_count = chat_message_count + 1, updated_at = ${stamp} where id = ${candidate.chatId}`);
  // The fan's open chat shows it live, as a broadcast's message; the creator's screens and admins refresh.
  await recordChanges(tx, [
    {
      entity: 'chat_messages',
      rowId: messageId,
      scopes: [`chat:${candidate.chatId}`, `talent:${candidate.talentId}`, 'admin'],
    },
    // The counts per trigger (the creator's Reach out page, the admin's tab).
    { entity: 'reach_outs', rowId: reachOutId, scopes: [`talent:${candidate.talentId}`, 'admin'] },
  ]);
  return { outcome: 'sent', text, twinName: check.twinName, twinTag: check.twinTag, messageId };
}

/** The words are written outside the transaction: no lock or connection is held across a model call. */
async function writeAndSend(
  db: Database,
  writer: ReachOutWriter | undefined,
  candidate: Candidate,
  fanName: string,
  now: Date,
): Promise<SendResult> {
  const words = await writeReachOut(writer, db, candidate, fanName);
  return db.transaction((tx) => sendOccasion(tx, candidate, words.text, now));
}

/**
 * The fan's browsers with notifications on hear of it, after the commit. A worker killed between
 * the commit and this loses the notification (a rerun finds the occasion sent); the message is in the chat.
 */
async function pushReachOut(db: Database, push: ReachOutPush, userId: string, sent: Extract<SendResult, { outcome: 'sent' }>) {
  const targets = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (targets.length === 0) return 0;
  const notification = {
    title: sent.twinName,
    body: sent.text,
    url: `/chat/${sent.twinTag}`,
    tag: `reach-out:${sent.messageId}`,
  };
  const delivery = await sendToSubscriptions(push.port, targets, () => notification, push.options);
  await recordPushDelivery(db, delivery, new Date());
  return delivery.sent.length;
}

/**
 * Every enabled trigger of every twin: its due occasions, each sent or left for a later run. With a
 * writer the twin's model writes each message; without one, the offline templates do.
 */
export async function evaluateReachOuts(
  db: Database,
  options: { now?: Date; push?: ReachOutPush; writer?: ReachOutWriter } = {},
): Promise<EvaluateOutcome> {
  const now = options.now ?? new Date();
  const triggers = await db
    .select({
      talentId: reachOutTriggers.talentId,
      kind: reachOutTriggers.kind,
      params: reachOutTriggers.params,
      instruction: reachOutTriggers.instruction,
    })
    .from(reachOutTriggers)
    .where(eq(reachOutTriggers.enabled, true));
  const outcome: EvaluateOutcome = { due: 0, sent: 0, already: 0, blocked: {}, pushed: 0 };
  for (const trigger of triggers) {
    for (const candidate of await dueOccasions(db, trigger, now)) {
      outcome.due += 1;
      const check = await checkOccasion(db, candidate, now, false);
      const result: SendResult =
        check.outcome === 'due' ? await writeAndSend(db, options.writer, candidate, check.fanName, now) : check;
      if (result.outcome === 'sent') {
        outcome.sent += 1;
        if (options.push) outcome.pushed += await pushReachOut(db, options.push, candidate.userId, result);
      } else if (result.outcome === 'already') outcome.already += 1;
      else outcome.blocked[result.reason] = (outcome.blocked[result.reason] ?? 0) + 1;
    }
  }
  return outcome;
}
