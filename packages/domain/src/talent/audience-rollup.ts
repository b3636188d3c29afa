// The Audience's frames (audience_fan_days, audience_fan_periods, audience_first_messages): each
// closed UTC day's fan messages rolled up per chat by the insights.rollup job, and each closed week
// and month folded from its days, so Audience reads a few rows per fan instead of every message,
// and the send transaction writes nothing extra. The first run rolls
// up every message already stored (the backfill); later runs only the days closed since.
import type { Executor } from '@doppel/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A day is rolled up once it has been over for this long: a send whose transaction began just
 * before midnight (its created_at) may commit a little after, and must not miss its frame.
 */
const settleMs = 60 * 60 * 1000;

/** The first UTC day (YYYY-MM-DD) still open at `now`: the rollup stops before it. */
export function firstOpenDay(now: Date): string {
  return new Date(now.getTime() - settleMs).toISOString().slice(0, 10);
}

/** Days before this one (YYYY-MM-DD) are in the frames; null: none yet, every message is read live. */
export async function rolledUntil(db: Executor): Promise<string | null> {
  const rows = await db.execute<{ rolled_until: string | null }>(
    sql`select rolled_until::text from audience_rollup where id = 'audience'`,
  );
  return rows[0]?.rolled_until ?? null;
}

export type RollupResult = {
  from: string | null;
  until: string;
  days: number;
  chats: number;
  /** Fan rows of the weeks and months this run closed (audience_fan_periods). */
  periods: number;
};

/**
 * Fans and returning fans of each twin in the months folded since `from` (all when null), from
 * their audience_fan_periods rows: a fan came back when their last day of the month is after the
 * day of their first message. Shares its counting with `forgetAudienceChats`.
 */
export const monthCounts = (where: SQL) => sql`
  select p.talent_id, p.period_start as month, count(*)::int as fans,
    (count(*) filter (where p.last_day > (fm.first_message_at at time zone 'UTC')::date))::int as returning_fans
  from audience_fan_periods p join audience_first_messages fm on fm.chat_id = p.chat_id
  where p.grain = 'month' and ${where}
  group by p.talent_id, p.period_start`;

/** Each chat's fan messages of `source` (a `from … where …` over chats c and chat_messages m) per day. */
const foldDays = (source: SQL) => sql`
  insert into audience_fan_days (talent_id, day, chat_id, user_id, messages, first_paid_at, paid_credits)
  select c.talent_id, (m.created_at at time zone 'UTC')::date, c.id, c.user_id, count(*)::int,
    min(m.created_at) filter (where m.spent_paid_credits > 0), coalesce(sum(m.spent_paid_credits), 0)::int
  ${source}
  group by c.id, (m.created_at at time zone 'UTC')::date
  on conflict do nothing`;

/** Each chat's first message and last day among `source`'s, kept the earliest and the latest. */
const foldFirstMessages = (source: SQL) => sql`
  insert into audience_first_messages (chat_id, talent_id, user_id, first_message_at, last_day)
  select c.id, c.talent_id, c.user_id, min(m.created_at), max((m.created_at at time zone 'UTC')::date)
  ${source}
  group by c.id
  on conflict (chat_id) do update set first_message_at = least(audience_first_messages.first_message_at, excluded.first_message_at),
    last_day = greatest(audience_first_messages.last_day, excluded.last_day)`;

/** The weeks and months closed by `until` among the days `where` picks (audience_fan_days d), folded from them. */
const foldPeriods = (where: SQL, until: string) => sql`
  insert into audience_fan_periods (talent_id, grain, period_start, chat_id, user_id, last_day, first_paid_at, paid_credits)
  select d.talent_id, g.grain, date_trunc(g.grain, d.day::timestamp)::date, d.chat_id, min(d.user_id), max(d.day),
    min(d.first_paid_at), sum(d.paid_credits)::int
  from audience_fan_days d cross join (values ('week'), ('month')) as g(grain)
  where ${where} and date_trunc(g.grain, d.day::timestamp) + ('1 ' || g.grain)::interval <= ${until}::date
  group by d.talent_id, g.grain, date_trunc(g.grain, d.day::timestamp), d.chat_id
  on conflict do nothing`;

async function countClosedMonths(tx: Executor, from: string | null) {
  const since = from === null ? sql`true` : sql`p.period_start >= date_trunc('month', ${from}::date::timestamp)::date`;
  await tx.execute(sql`
    insert into audience_twin_months (talent_id, month, fans, returning_fans)
    ${monthCounts(since)}
    on conflict do nothing`);
}

/**
 * Waits for a rollup run under way and keeps the next one out until the transaction ends (the
 * rollup row's lock). A transaction that locks chats and then forgets some takes this first: a
 * run writing their frames waits on those chat rows, so taking it second could deadlock.
 */
export async function holdAudienceRollup(tx: Executor): Promise<void> {
  await tx.execute(sql`select 1 from audience_rollup where id = 'audience' for update`);
}

/** The ids as one SQL text[] parameter list. */
const textArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

/**
 * Takes chats about to be deleted (an account deleted, an anonymous fan's chat merged into their
 * account's) out of the months counted in audience_twin_months, as their frames go with them.
 * Holds the rollup (holdAudienceRollup), so a month a run is closing is counted before.
 */
export async function forgetAudienceChats(tx: Executor, chatIds: readonly string[]): Promise<void> {
  if (chatIds.length === 0) return;
  await holdAudienceRollup(tx);
  const ids = textArray(chatIds);
  await tx.execute(sql`
    update audience_twin_months t set fans = t.fans - gone.fans, returning_fans = t.returning_fans - gone.returning_fans
    from (${monthCounts(sql`p.chat_id = any(${ids})`)}) gone
    where t.talent_id = gone.talent_id and t.month = gone.month`);
}

/**
 * Folds chats again from their messages, for the days already rolled up: after a sign-in merge
 * moved an anonymous fan's messages into the account's chat with the same twin, or moved a whole
 * chat to the account, the frames still held the old split and the old fan. Their share of the
 * monthly counts is taken out first and added back from the new frames. Holds the rollup
 * (holdAudienceRollup), so a run cannot fold the same days meanwhile.
 */
export async function refoldAudienceChats(tx: Executor, chatIds: readonly string[]): Promise<void> {
  if (chatIds.length === 0) return;
  await forgetAudienceChats(tx, chatIds);
  const until = await rolledUntil(tx);
  const ids = textArray(chatIds);
  for (const table of ['audience_fan_days', 'audience_fan_periods', 'audience_first_messages']) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where chat_id = any(${ids})`);
  }
  // Nothing rolled up yet: every message is read live.
  if (until === null) return;
  const untilAt = sql`${until}::date::timestamp at time zone 'UTC'`;
  const source = sql`from chats c join chat_messages m on m.chat_id = c.id
    where c.id = any(${ids}) and m.sender_type = 'USER' and m.created_at < ${untilAt}`;
  // As rollUpAudience folds them (their old rows are gone, so nothing conflicts).
  await tx.execute(foldDays(source));
  await tx.execute(foldFirstMessages(source));
  await tx.execute(foldPeriods(sql`d.chat_id = any(${ids})`, until));
  // A closed month the twin had no fan in has no row yet.
  await tx.execute(sql`
    insert into audience_twin_months (talent_id, month, fans, returning_fans)
    ${monthCounts(sql`p.chat_id = any(${ids})`)}
    on conflict (talent_id, month) do update set fans = audience_twin_months.fans + excluded.fans,
      returning_fans = audience_twin_months.returning_fans + excluded.returning_fans`);
}

/**
 * Rolls up the fan messages of [rolled_until, first open day) in one transaction that holds the
 * rollup row's lock: a retried run redoes all of it or finds it done, and two runs at once
 * take turns, the second finding nothing left. Returns null when there was nothing to do.
 */
export async function rollUpAudience(db: Executor, now = new Date()): Promise<RollupResult | null> {
  const until = firstOpenDay(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into audience_rollup (id) values ('audience') on conflict do nothing`);
    const [state] = await tx.execute<{ rolled_until: string | null }>(
      sql`select rolled_until::text from audience_rollup where id = 'audience' for update`,
    );
    const from = state?.rolled_until ?? null;
    if (from !== null && from >= until) return null;
    const untilAt = sql`${until}::date::timestamp at time zone 'UTC'`;
    // The first run reads the whole table once; later ones find the chats written to since
    // through chats_updated_idx (a message bumps its chat's updated_at) and each chat's new
    // messages through chat_messages_chat_created_idx.
    const source =
      from === null
        ? sql`from chat_messages m join chats c on c.id = m.chat_id
            where m.sender_type = 'USER' and m.created_at < ${untilAt}`
        : sql`from chats c join chat_messages m on m.chat_id = c.id
            where c.updated_at >= ${from}::date::timestamp at time zone 'UTC'
              and m.sender_type = 'USER' and m.created_at >= ${from}::date::timestamp at time zone 'UTC'
              and m.created_at < ${untilAt}`;
    const days = await tx.execute(foldDays(source));
    const chats = await tx.execute(foldFirstMessages(source));
    // The weeks and months this run closed (they end after `from`, by `until`), folded from their days.
    const closedSince = from === null ? sql`true` : sql`d.day >= date_trunc(g.grain, ${from}::date::timestamp)::date`;
    const periods = await tx.execute(foldPeriods(closedSince, until));
    // A month closed in this run (a run within one month closes none): its fans counted per twin.
    if (from === null || from.slice(0, 7) !== until.slice(0, 7)) await countClosedMonths(tx, from);
    await tx.execute(sql`update audience_rollup set rolled_until = ${until}::date, updated_at = now() where id = 'audience'`);
    return { from, until, days: days.count ?? 0, chats: chats.count ?? 0, periods: periods.count ?? 0 };
  });
}
