// Which fans each enabled trigger is due for, across every twin at once (docs/reach-out.md): one
// query per kind of trigger, not one per twin, so a million fans across a thousand twins are read in
// a few scans. SQL narrows the fans down; the pure rules in rules.ts make each occasion's key.
import type { Executor } from '@doppel/db';
import { checkInDefaults, customDateWindowDays, type ReachOutKind } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import {
  checkInOccasion,
  lapsedNoticeDays,
  renewalGraceDays,
  subscriptionEndingOccasion,
  subscriptionLapsedOccasion,
} from './rules.ts';

export type DueOccasion = {
  chatId: string;
  userId: string;
  talentId: string;
  kind: ReachOutKind;
  /** Once per (twin, fan, key): `check-in:{last message}`, `thank-you:{payment}`, `ending:…`, `lapsed:…`. */
  occasionKey: string;
  /** The creator's instruction for the trigger's message. */
  instruction: string;
  /** A reminder's subject, as the fan asked it: "to call my mom". */
  about?: string;
};

/** A check-in counts a chat's fan messages up to this (the trigger's highest minimum). */
const fanMessageCountCap = 1000;

/**
 * Quiet fans: the trigger's quiet days have passed since their last message and nothing was sent to
 * them since it (once per quiet spell), with at least its minimum of messages.
 */
async function dueCheckIns(db: Executor, now: Date): Promise<DueOccasion[]> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const rows = await db.execute<{
    chat_id: string;
    user_id: string;
    talent_id: string;
    last: string;
    fan_messages: number;
    instruction: string;
    min_messages: number;
    quiet_days: number;
  }>(sql`
    select c.id as chat_id, c.user_id, c.talent_id, c.last_user_message_at as last, t.instruction,
      coalesce((t.params->>'minMessages')::int, ${checkInDefaults.minMessages}) as min_messages,
      coalesce((t.params->>'quietDays')::int, ${checkInDefaults.quietDays}) as quiet_days,
      (select count(*) from (
        select 1 from chat_messages m where m.chat_id = c.id and m.sender_type = 'USER' limit ${fanMessageCountCap}
      ) fan)::int as fan_messages
    from reach_out_triggers t
    join chats c on c.talent_id = t.talent_id
      and c.last_user_message_at <= ${stamp}
        - make_interval(days => coalesce((t.params->>'quietDays')::int, ${checkInDefaults.quietDays}))
    where t.kind = 'CHECK_IN' and t.enabled
      and not exists (
        select 1 from reach_outs r where r.chat_id = c.id and r.kind = 'CHECK_IN' and r.created_at >= c.last_user_message_at)`);
  return rows.flatMap((row) => {
    const key = checkInOccasion(
      { fanMessageCount: row.fan_messages, lastUserMessageAt: new Date(row.last) },
      { minMessages: row.min_messages, quietDays: row.quiet_days },
      now,
    );
    return key ? [occasion(row, 'CHECK_IN', key)] : [];
  });
}

/** The fan's first payment to this twin, or the first payment of a new subscription, in the last 2 days. */
async function dueThankYous(db: Executor, now: Date): Promise<DueOccasion[]> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const rows = await db.execute<{
    payment_id: string;
    chat_id: string;
    user_id: string;
    talent_id: string;
    instruction: string;
  }>(sql`
    select p.id as payment_id, c.id as chat_id, p.user_id, p.talent_id, t.instruction
    from reach_out_triggers t
    join payments p on p.talent_id = t.talent_id and p.created_at > ${stamp} - interval '2 days' and p.created_at <= ${stamp}
    join chats c on c.user_id = p.user_id and c.talent_id = p.talent_id
    where t.kind = 'THANK_YOU' and t.enabled
      and (
        not exists (select 1 from payments q where q.user_id = p.user_id and q.talent_id = p.talent_id and q.created_at < p.created_at)
        or (p.subscription_id is not null and not exists (
          select 1 from payments q where q.subscription_id = p.subscription_id and q.created_at < p.created_at))
      )
      and not exists (
        select 1 from reach_outs r where r.talent_id = p.talent_id and r.user_id = p.user_id
          and r.occasion_key = 'thank-you:' || p.id)`);
  return rows.map((row) => occasion(row, 'THANK_YOU', `thank-you:${row.payment_id}`));
}

/**
 * Subscriptions whose period ends within 3 days, or that lapsed in the last week (ended, or their
 * period passed unrenewed), for either subscription trigger; the rules in rules.ts decide each.
 */
async function dueSubscriptionOccasions(db: Executor, now: Date): Promise<DueOccasion[]> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const lookBack = sql`make_interval(days => ${lapsedNoticeDays + renewalGraceDays})`;
  const rows = await db.execute<{
    id: string;
    status: string;
    period_end: string;
    ended_at: string | null;
    ends_at_period_end: boolean;
    subscribed_again: boolean;
    chat_id: string;
    user_id: string;
    talent_id: string;
    kind: 'SUBSCRIPTION_ENDING' | 'SUBSCRIPTION_LAPSED';
    instruction: string;
  }>(sql`
    select s.id, s.status, s.current_period_end as period_end, s.ended_at, s.ends_at_period_end, c.id as chat_id, s.user_id, s.talent_id,
      t.kind, t.instruction,
      exists (
        select 1 from subscriptions a where a.user_id = s.user_id and a.talent_id = s.talent_id and a.id <> s.id
          and a.status = 'ACTIVE' and a.current_period_end > ${stamp}) as subscribed_again
    from reach_out_triggers t
    join subscriptions s on s.talent_id = t.talent_id
      and ((s.current_period_end > ${stamp} - ${lookBack} and s.current_period_end <= ${stamp} + interval '3 days')
        or s.ended_at > ${stamp} - ${lookBack})
    join chats c on c.user_id = s.user_id and c.talent_id = s.talent_id
    where t.kind in ('SUBSCRIPTION_ENDING', 'SUBSCRIPTION_LAPSED') and t.enabled`);
  return rows.flatMap((row) => {
    const periodEnd = new Date(row.period_end);
    const key =
      row.kind === 'SUBSCRIPTION_ENDING'
        ? subscriptionEndingOccasion(
            { id: row.id, status: row.status, currentPeriodEnd: periodEnd, endsAtPeriodEnd: row.ends_at_period_end },
            now,
          )
        : subscriptionLapsedOccasion(
            {
              id: row.id,
              status: row.status,
              currentPeriodEnd: periodEnd,
              endedAt: row.ended_at ? new Date(row.ended_at) : null,
              subscribedAgain: row.subscribed_again,
            },
            now,
          );
    return key ? [occasion(row, row.kind, key)] : [];
  });
}

/**
 * A date the creator chose: from its time until two days after (quiet hours and caps may hold a fan
 * back a while), to the fans of the audience picked, once per fan for that time.
 */
async function dueCustomDates(db: Executor, now: Date): Promise<DueOccasion[]> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const sendAt = sql`(t.params->>'sendAt')::timestamptz`;
  const rows = await db.execute<{
    chat_id: string;
    user_id: string;
    talent_id: string;
    instruction: string;
    send_at: string;
  }>(sql`
    select c.id as chat_id, c.user_id, c.talent_id, t.instruction, t.params->>'sendAt' as send_at
    from reach_out_triggers t
    join chats c on c.talent_id = t.talent_id and c.last_user_message_at is not null
    where t.kind = 'CUSTOM_DATE' and t.enabled and t.params ? 'sendAt'
      and ${sendAt} <= ${stamp} and ${sendAt} > ${stamp} - make_interval(days => ${customDateWindowDays})
      and case coalesce(t.params->>'audience', 'EVERYONE')
        when 'RECENT' then c.last_user_message_at > ${stamp} - interval '30 days'
        when 'PAYING' then exists (select 1 from payments p where p.user_id = c.user_id and p.talent_id = c.talent_id)
        when 'SUBSCRIBERS' then exists (
          select 1 from subscriptions s where s.user_id = c.user_id and s.talent_id = c.talent_id
            and s.status = 'ACTIVE' and s.current_period_end > ${stamp})
        else true
      end
      and not exists (
        select 1 from reach_outs r where r.talent_id = c.talent_id and r.user_id = c.user_id
          and r.occasion_key = 'custom:' || (t.params->>'sendAt'))`);
  return rows.map((row) => occasion(row, 'CUSTOM_DATE', `custom:${row.send_at}`));
}

/** Reminders fans asked for that have come due (up to 2 days late: quiet hours, caps), where the twin takes them. */
async function dueReminders(db: Executor, now: Date): Promise<DueOccasion[]> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const rows = await db.execute<{
    id: string;
    chat_id: string;
    user_id: string;
    talent_id: string;
    instruction: string;
    about: string;
  }>(sql`
    select r.id, r.chat_id, r.user_id, r.talent_id, t.instruction, r.about
    from fan_reminders r
    join reach_out_triggers t on t.talent_id = r.talent_id and t.kind = 'REMIND_ME' and t.enabled
    where r.due_at <= ${stamp} and r.due_at > ${stamp} - interval '2 days'
      and not exists (
        select 1 from reach_outs o where o.talent_id = r.talent_id and o.user_id = r.user_id and o.occasion_key = 'remind:' || r.id)`);
  return rows.map((row) => ({ ...occasion(row, 'REMIND_ME', `remind:${row.id}`), about: row.about }));
}

function occasion(
  row: { chat_id: string; user_id: string; talent_id: string; instruction: string },
  kind: ReachOutKind,
  occasionKey: string,
): DueOccasion {
  return { chatId: row.chat_id, userId: row.user_id, talentId: row.talent_id, kind, occasionKey, instruction: row.instruction };
}

/** Every enabled trigger's due occasions, reminders first. An occasion already sent may still be listed (the sending skips it). */
export async function findDueOccasions(db: Executor, now: Date): Promise<DueOccasion[]> {
  const [reminders, checkIns, thankYous, subscriptions, customDates] = await Promise.all([
    dueReminders(db, now),
    dueCheckIns(db, now),
    dueThankYous(db, now),
    dueSubscriptionOccasions(db, now),
    dueCustomDates(db, now),
  ]);
  // What the fan asked for first: when the daily cap leaves room for one, it is theirs.
  return [...reminders, ...checkIns, ...thankYous, ...subscriptions, ...customDates];
}
