// The Audience from daily frames answers exactly what reading every message answered
// (audience-reference.fixture.ts), on the same data: before any rollup (all live), with the
// frames ending mid-period (fans whose messages span the boundary), and fully rolled up; the
// 12-month view with its closed months counted per twin (audience_twin_months), the manager's
// share taken away, and a deleted fan's too; chats written to since the frames end, with or without
// rolled-up days. And the rollup itself: the first run backfills what
// is stored, a repeated or concurrent run adds nothing, migrations 0028 and 0029 fill what it does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import type { AudiencePeriod } from '@doppel/validation';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteAccount } from '../account/delete-account.ts';
import { mergeAnonymousUser } from '../chat/fans/merge.ts';
import { getAudience } from './audience.ts';
import { getAudienceFromMessages } from './audience-reference.fixture.ts';
import { firstOpenDay, rolledUntil, rollUpAudience } from './audience-rollup.ts';

const dayMs = 86_400_000;
const now = new Date();
const periods: AudiencePeriod[] = ['30d', '90d', '12m'];
let database: TestDatabase;

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Two twins; twin A has 60 fans and its manager (who also writes to it, and must never count),
 * twin B 10 fans. Each fan writes on random days over 400 days (some several times a day, some
 * with paid credits, some refunded to zero), with the twin's answers, payments and subscriptions;
 * fan 0 of twin A writes every few days through today, across every rollup boundary.
 */
async function seed(sql: TestDatabase['sql']) {
  const next = random(31);
  await sql`insert into users (id, name, email) values ('manager', 'Creator', 'creator@test.dev')`;
  await sql`insert into talents (id, name, tag) values ('tA', 'Twin A', 'twin_a'), ('tB', 'Twin B', 'twin_b')`;
  await sql`insert into talent_managers (user_id, talent_id) values ('manager', 'tA')`;
  await sql`insert into products (id, name, price_type, credits, price_amount) values ('p1', 'Pack', 'ONE_TIME', 100, 999), ('p2', 'VIP', 'SUBSCRIPTION', null, 1500)`;
  const messages: Record<string, unknown>[] = [];
  const paymentRows: Record<string, unknown>[] = [];
  const subscriptionRows: Record<string, unknown>[] = [];
  const fans = [
    ...Array.from({ length: 60 }, (_, n) => ({ fan: `fA${n}`, talent: 'tA' })),
    ...Array.from({ length: 10 }, (_, n) => ({ fan: `fB${n}`, talent: 'tB' })),
    { fan: 'manager', talent: 'tA' },
    // An anonymous fan of both twins, merged at sign-in into fA2 (a fan of A) by the last test.
    { fan: 'anon', talent: 'tA' },
    { fan: 'anon', talent: 'tB' },
  ];
  for (const { fan, talent } of fans) {
    if (fan === 'anon')
      await sql`insert into users (id, name, is_anonymous) values ('anon', 'Guest', true) on conflict do nothing`;
    else if (fan !== 'manager') await sql`insert into users (id, name, email) values (${fan}, ${fan}, ${`${fan}@test.dev`})`;
    const chat = `c_${fan}_${talent}`;
    const days =
      fan === 'fA0'
        ? Array.from({ length: 90 }, (_, i) => i * 4)
        : Array.from({ length: 1 + Math.floor(next() * 12) }, () => Math.floor(next() * 400));
    let last = 0;
    for (const [i, daysAgo] of days.entries()) {
      for (let k = 0; k < 1 + Math.floor(next() * 3); k++) {
        const at = new Date(now.getTime() - daysAgo * dayMs - Math.floor(next() * 20 * 3_600_000));
        if (at > now) continue;
        last = Math.max(last, at.getTime());
        const paid = next() < 0.3 ? 1 + Math.floor(next() * 5) : 0;
        // A refunded message (crisis stand-down) keeps its row with nothing spent.
        const refunded = paid > 0 && next() < 0.2;
        messages.push({
          id: `m_${chat}_${i}_${k}`,
          chat_id: chat,
          sender_type: 'USER',
          text: 'hi',
          spent_paid_credits: refunded ? 0 : paid,
          spent_free_credits: paid ? 0 : 1,
          created_at: at,
        });
        messages.push({
          id: `r_${chat}_${i}_${k}`,
          chat_id: chat,
          sender_type: 'TALENT',
          text: 'hello',
          spent_paid_credits: 0,
          spent_free_credits: 0,
          created_at: new Date(at.getTime() + 1000),
        });
        if (next() < 0.1 && fan !== 'manager')
          paymentRows.push({
            id: `pay_${chat}_${i}_${k}`,
            movement_key: `t:${chat}:${i}:${k}`,
            price_amount: 999,
            original_price_amount: 999,
            product_price_type: 'ONE_TIME',
            product_id: 'p1',
            user_id: fan,
            talent_id: talent,
            created_at: new Date(at.getTime() + 60_000),
          });
      }
    }
    await sql`insert into chats (id, user_id, talent_id, has_user_interaction, updated_at) values (${chat}, ${fan}, ${talent}, true, ${new Date(last + 1000).toISOString()})`;
    if (fan !== 'manager' && next() < 0.25) {
      const started = new Date(now.getTime() - Math.floor(next() * 300) * dayMs);
      const ended = next() < 0.5 ? new Date(started.getTime() + 40 * dayMs) : null;
      subscriptionRows.push({
        id: `s_${chat}`,
        provider: 'stripe',
        external_id: `sub_${chat}`,
        status: ended ? 'ENDED' : 'ACTIVE',
        user_id: fan,
        talent_id: talent,
        product_id: 'p2',
        current_period_end: ended ?? new Date(now.getTime() + 10 * dayMs),
        ended_at: ended,
        created_at: started,
      });
    }
  }
  await sql`insert into chat_messages ${sql(plain(messages))}`;
  await sql`insert into payments ${sql(plain(paymentRows))}`;
  if (subscriptionRows.length) await sql`insert into subscriptions ${sql(plain(subscriptionRows))}`;
}

type Counts = {
  days: string;
  firsts: string;
  credits: string;
  periods: string;
  month_fans: string;
  month_returning: string;
  last_day: string;
};

/** Rows for the raw client, which takes timestamps as ISO text. */
const plain = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])),
  );

async function expectSameAsReadingEveryMessage() {
  for (const talentId of ['tA', 'tB']) {
    for (const period of periods) {
      const reference = await getAudienceFromMessages(database.db, talentId, period, now);
      expect(await getAudience(database.db, talentId, period, now), `${talentId} ${period}`).toEqual(reference);
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seed(database.sql);
}, 120_000);
afterAll(() => database?.drop());

describe('Audience from daily frames', () => {
  it('equals reading every message before the first rollup, with the frames ending mid-period, and fully rolled up', async () => {
    const reference = await getAudienceFromMessages(database.db, 'tA', '12m', now);
    expect(reference.totals.fans).toBeGreaterThan(20);
    expect(reference.totals.paying).toBeGreaterThan(0);
    expect(reference.topSpenders.every((spender) => spender.fan.id !== 'manager')).toBe(true);
    expect(await rolledUntil(database.db)).toBeNull();
    await expectSameAsReadingEveryMessage();

    // The first run (the backfill) stops 50 days ago: the 90-day and 12-month periods read
    // frames then live messages; fA0 writes on both sides.
    const first = await rollUpAudience(database.db, new Date(now.getTime() - 50 * dayMs));
    expect(first?.from).toBeNull();
    // Weeks and months closed 50 days ago come from audience_fan_periods from here on.
    expect(first?.periods).toBeGreaterThan(0);
    expect(await rolledUntil(database.db)).toBe(firstOpenDay(new Date(now.getTime() - 50 * dayMs)));
    await expectSameAsReadingEveryMessage();

    // Then up to today (an incremental run through the chats written to since).
    const second = await rollUpAudience(database.db, now);
    expect(second?.from).toBe(first?.until);
    expect(second?.days).toBeGreaterThan(0);
    expect(second?.periods).toBeGreaterThan(0);
    await expectSameAsReadingEveryMessage();
  });

  it('reads the closed months of the 12-month view from their counts per twin', async () => {
    const [month] = await database.sql<{ month: string; fans: number }[]>`
      select month::text as month, fans from audience_twin_months where talent_id = 'tA' order by month desc limit 1`;
    expect(month?.fans).toBeGreaterThan(0);
    const monthFans = async () =>
      (await getAudience(database.db, 'tA', '12m', now)).series.find((bucket) => bucket.start.startsWith(month?.month ?? ''))
        ?.fans;
    const counted = await monthFans();
    // A count changed behind the read's back shows in the chart: the read takes it from there.
    await database.sql`update audience_twin_months set fans = fans + 1000 where talent_id = 'tA' and month = ${month?.month ?? ''}`;
    expect(await monthFans()).toBe((counted ?? 0) + 1000);
    await database.sql`update audience_twin_months set fans = fans - 1000 where talent_id = 'tA' and month = ${month?.month ?? ''}`;
    await expectSameAsReadingEveryMessage();
  });

  it("counts the year's chats written to since the frames end: a rolled fan's new day, a new fan's first", async () => {
    // fA0 (rolled up through yesterday) writes again, paying; a new fan's first message, paid, and a payment.
    const at = new Date(now.getTime() - 60_000).toISOString();
    await database.sql`insert into users (id, name, email) values ('fNew', 'New', 'new@test.dev')`;
    await database.sql`insert into chats (id, user_id, talent_id, has_user_interaction, updated_at)
      values ('c_fNew_tA', 'fNew', 'tA', true, ${at})`;
    await database.sql`update chats set updated_at = ${at} where id = 'c_fA0_tA'`;
    await database.sql`insert into chat_messages (id, chat_id, sender_type, text, spent_paid_credits, spent_free_credits, created_at)
      values ('m_live_fA0', 'c_fA0_tA', 'USER', 'back', 2, 0, ${at}), ('m_live_fNew', 'c_fNew_tA', 'USER', 'hi', 1, 0, ${at})`;
    await database.sql`insert into payments (id, movement_key, price_amount, original_price_amount, product_price_type, product_id,
      user_id, talent_id, created_at) values ('pay_live_fNew', 't:live:fNew', 999, 999, 'ONE_TIME', 'p1', 'fNew', 'tA', ${at})`;
    const year = await getAudience(database.db, 'tA', '12m', now);
    expect(year.conversion.newFans).toBeGreaterThan(0);
    await expectSameAsReadingEveryMessage();
  });

  it('rolls a day up once: a repeated run and two concurrent runs add nothing', async () => {
    const count = async () => {
      const [row] = await database.sql<Counts[]>`
        select (select count(*) from audience_fan_days) as days, (select count(*) from audience_first_messages) as firsts,
          (select coalesce(sum(paid_credits), 0) from audience_fan_days) as credits,
          (select count(*) from audience_fan_periods) as periods,
          (select coalesce(sum(fans), 0) from audience_twin_months) as month_fans,
          (select coalesce(sum(returning_fans), 0) from audience_twin_months) as month_returning,
          (select max(last_day)::text from audience_first_messages) as last_day`;
      return row;
    };
    const before = await count();
    expect(await rollUpAudience(database.db, now)).toBeNull();
    const later = new Date(now.getTime() + 2 * dayMs);
    const runs = await Promise.all([rollUpAudience(database.db, later), rollUpAudience(database.db, later)]);
    expect(runs.filter((run) => run === null)).toHaveLength(1);
    // What the frames hold equals grouping every fan message before the rolled-up day.
    // …and one row per chat for each week and month closed by then; each closed month counts its
    // chats, and as returning those with a day in it after their first.
    const until = firstOpenDay(later);
    const [expected] = await database.sql<Counts[]>`
      with m as (
        select m.chat_id, (m.created_at at time zone 'UTC')::date as day, m.spent_paid_credits
        from chat_messages m where m.sender_type = 'USER' and m.created_at < ${until}::date::timestamp at time zone 'UTC'
      ), months as (
        select m.chat_id, max(m.day) as last_day
        from m group by m.chat_id, date_trunc('month', m.day::timestamp)
        having date_trunc('month', m.day::timestamp) + interval '1 month' <= ${until}::date
      )
      select count(distinct (m.chat_id, m.day)) as days, count(distinct m.chat_id) as firsts,
        coalesce(sum(m.spent_paid_credits), 0) as credits,
        (select count(distinct (m.chat_id, g.grain, date_trunc(g.grain, m.day::timestamp)))
          from m cross join (values ('week'), ('month')) as g(grain)
          where date_trunc(g.grain, m.day::timestamp) + ('1 ' || g.grain)::interval <= ${until}::date) as periods,
        (select count(*) from months) as month_fans,
        (select count(*) filter (where f.last_day > f.first_day) from (
          select mo.last_day, (select min(x.day) from m x where x.chat_id = mo.chat_id) as first_day from months mo) f) as month_returning,
        max(m.day)::text as last_day
      from m`;
    expect(await count()).toEqual(expected);
    expect(Number(before?.days)).toBeLessThanOrEqual(Number(expected?.days));
  });

  it('migration 0028 folds the weeks and months installations had already rolled up as the rollup does', async () => {
    const periods = () => database.sql`select * from audience_fan_periods order by talent_id, grain, period_start, chat_id`;
    const byTheRollup = await periods();
    expect(byTheRollup.length).toBeGreaterThan(0);
    await database.sql`delete from audience_fan_periods`;
    const migration = readFileSync(join(migrationsFolder, '0028_audience_fan_periods.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    await database.sql.unsafe(backfill);
    expect(await periods()).toEqual(byTheRollup);
  });

  it('migration 0029 fills the last days and counts the closed months as the rollup does', async () => {
    const lastDays = () => database.sql`select chat_id, last_day::text from audience_first_messages order by chat_id`;
    const months = () =>
      database.sql`select talent_id, month::text, fans, returning_fans from audience_twin_months order by 1, 2`;
    const [daysByTheRollup, monthsByTheRollup] = [await lastDays(), await months()];
    expect(monthsByTheRollup.length).toBeGreaterThan(0);
    await database.sql`update audience_first_messages set last_day = null`;
    await database.sql`delete from audience_twin_months`;
    const migration = readFileSync(join(migrationsFolder, '0029_audience_twin_months.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').slice(-2)) await database.sql.unsafe(statement);
    expect(await lastDays()).toEqual(daysByTheRollup);
    expect(await months()).toEqual(monthsByTheRollup);
    await expectSameAsReadingEveryMessage();
  });

  it("takes a deleted account's chat out of the monthly counts with its frames", async () => {
    const [before] = await database.sql<
      { fans: string }[]
    >`select sum(fans) as fans from audience_twin_months where talent_id = 'tA'`;
    await database.db.transaction((tx) => deleteAccount(tx, 'fA1'));
    const [after] = await database.sql<
      { fans: string }[]
    >`select sum(fans) as fans from audience_twin_months where talent_id = 'tA'`;
    expect(Number(after?.fans)).toBeLessThan(Number(before?.fans));
    await expectSameAsReadingEveryMessage();
  });

  it("follows a sign-in merge: the anonymous fan's chats count as the account's, merged into its chat or moved", async () => {
    await database.db.transaction((tx) => mergeAnonymousUser(tx, 'anon', 'fA2'));
    const owners = await database.sql<{ id: string; user_id: string }[]>`
      select id, user_id from chats where id in ('c_anon_tA', 'c_anon_tB', 'c_fA2_tA') order by id`;
    // Twin A's anonymous chat emptied into fA2's and deleted; twin B's moved to fA2 whole.
    expect(owners).toEqual([
      { id: 'c_anon_tB', user_id: 'fA2' },
      { id: 'c_fA2_tA', user_id: 'fA2' },
    ]);
    const [framesOfAnon] = await database.sql<{ n: number }[]>`
      select count(*)::int as n from audience_fan_days where user_id = 'anon'`;
    expect(framesOfAnon?.n).toBe(0);
    await expectSameAsReadingEveryMessage();
  });
});
