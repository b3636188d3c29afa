// The reach-out triggers against a real database (docs/reach-out.md, "Tests"): a subscription
// ending and lapsed (due, not due, the next period after a renewal), the daily and weekly caps
// across triggers, the crisis pause, and exactly once when a worker is killed mid-run and the job
// runs again. One database; each test has a twin of its own, whose triggers are turned off after
// it, so each evaluation (at the test's own fixed clock) sees only that test's fans.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  chatMessages,
  chats,
  crisisReferrals,
  newId,
  payments,
  products,
  reachOuts,
  reachOutTriggers,
  subscriptions,
  talentConfigs,
  talents,
  users,
} from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { evaluateReachOuts } from '@doppel/domain/reach-out';
import type { ReachOutKind, ReachOutParams } from '@doppel/validation';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

let database: TestDatabase;
let productId: string;
const hour = 3_600_000;
const day = 24 * hour;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const fixturePath = fileURLToPath(new URL('./chat-reach-out-run.fixture.ts', import.meta.url));

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  productId = newId();
  await database.db.insert(products).values({ id: productId, name: 'Monthly', priceType: 'SUBSCRIPTION', priceAmount: 999 });
});
afterEach(async () => {
  // The next test's runs see only its own twin.
  await database.db.update(reachOutTriggers).set({ enabled: false });
});
afterAll(async () => {
  await database?.drop();
});

/** A twin of its own with these triggers on. */
async function twin(prefix: string, triggers: { kind: ReachOutKind; params?: ReachOutParams }[]): Promise<string> {
  const talentId = `${prefix}-twin`;
  await database.db.insert(talents).values({ id: talentId, name: `Twin ${prefix}`, tag: talentId });
  await database.db
    .insert(reachOutTriggers)
    .values(triggers.map(({ kind, params }) => ({ talentId, kind, enabled: true, params: params ?? {} })));
  return talentId;
}

type Fan = { userId: string; chatId: string; talentId: string };

/** A fan of the twin with a chat; `messages` fan messages, all sent at `lastAt`. */
async function fan(talentId: string, name: string, options: { messages?: number; lastAt?: Date } = {}): Promise<Fan> {
  const db = database.db;
  const userId = newId();
  await db.insert(users).values({ id: userId, name, email: `${name.toLowerCase()}-${userId}@example.com` });
  const chatId = newId();
  await db.insert(chats).values({ id: chatId, talentId, userId, lastUserMessageAt: options.lastAt ?? null });
  for (let index = 0; index < (options.messages ?? 0); index++) {
    await db
      .insert(chatMessages)
      .values({ id: newId(), chatId, senderType: 'USER', text: `hi ${index}`, createdAt: options.lastAt ?? new Date() });
  }
  return { userId, chatId, talentId };
}

/** The fan's subscription to the twin (the sandbox's, which never renews), as the payments booking leaves it. */
async function subscribe(
  subscriber: Fan,
  values: { currentPeriodEnd: Date; status?: 'ACTIVE' | 'ENDED'; endedAt?: Date; endsAtPeriodEnd?: boolean },
): Promise<string> {
  const id = newId();
  await database.db.insert(subscriptions).values({
    id,
    provider: 'sandbox',
    endsAtPeriodEnd: true,
    externalId: `sub_${id}`,
    userId: subscriber.userId,
    talentId: subscriber.talentId,
    productId,
    ...values,
  });
  return id;
}

/** A sandbox payment of the fan to the twin: a credit pack, or a period of `subscriptionId`. */
async function pay(payer: Fan, createdAt: Date, subscriptionId?: string) {
  await database.db.insert(payments).values({
    id: newId(),
    movementKey: `sandbox:${newId()}`,
    priceAmount: 500,
    originalPriceAmount: 500,
    productPriceType: subscriptionId ? 'SUBSCRIPTION' : 'ONE_TIME',
    subscriptionId: subscriptionId ?? null,
    userId: payer.userId,
    talentId: payer.talentId,
    isSandbox: true,
    createdAt,
  });
}

/** The chat's reach-outs, oldest first. */
async function reachOutsTo(chat: Fan) {
  return database.db
    .select({ kind: reachOuts.kind, occasionKey: reachOuts.occasionKey, status: reachOuts.status })
    .from(reachOuts)
    .where(eq(reachOuts.chatId, chat.chatId))
    .orderBy(asc(reachOuts.sentAt));
}

async function kinds(chat: Fan): Promise<ReachOutKind[]> {
  return (await reachOutsTo(chat)).map((row) => row.kind);
}

/** Per fan of the twin: how many reach-out rows, how many of them sent, and how many reach-out messages. */
async function deliveries(talentId: string) {
  return database.db.execute<{ chat_id: string; rows: number; sent: number; messages: number }>(sql`
    select c.id as chat_id,
      (select count(*) from reach_outs r where r.chat_id = c.id)::int as rows,
      (select count(*) from reach_outs r where r.chat_id = c.id and r.status = 'SENT' and r.message_id is not null)::int as sent,
      (select count(*) from chat_messages m where m.chat_id = c.id and m.reach_out_id is not null)::int as messages
    from chats c where c.talent_id = ${talentId}`);
}

describe('reach-out triggers', () => {
  it('writes once when a subscription ends within 3 days or lapsed within 7, and again for the next period after a renewal', async () => {
    const db = database.db;
    const now = new Date('2031-03-10T15:00:00Z');
    const talentId = await twin('subs', [{ kind: 'SUBSCRIPTION_ENDING' }, { kind: 'SUBSCRIPTION_LAPSED' }]);
    const endsSoon = await fan(talentId, 'Sam');
    const renewing = await subscribe(endsSoon, { currentPeriodEnd: at(now, 2 * day) });
    const endsLater = await fan(talentId, 'Ava');
    await subscribe(endsLater, { currentPeriodEnd: at(now, 5 * day) });
    // Renews on its own (a Stripe subscription the fan did not cancel): not ending, nothing to tell.
    const autoRenews = await fan(talentId, 'Eve');
    await subscribe(autoRenews, { currentPeriodEnd: at(now, 2 * day), endsAtPeriodEnd: false });
    // Its period passed and no renewal came (still ACTIVE on file).
    const unrenewed = await fan(talentId, 'Ben');
    await subscribe(unrenewed, { currentPeriodEnd: at(now, -2 * day) });
    const ended = await fan(talentId, 'Kim');
    await subscribe(ended, { status: 'ENDED', endedAt: at(now, -3 * day), currentPeriodEnd: at(now, -3 * day) });
    const longGone = await fan(talentId, 'Lou');
    await subscribe(longGone, { status: 'ENDED', endedAt: at(now, -10 * day), currentPeriodEnd: at(now, -10 * day) });

    expect(await evaluateReachOuts(db, { now })).toMatchObject({ due: 3, sent: 3, already: 0, blocked: {} });
    expect(await kinds(endsSoon)).toEqual(['SUBSCRIPTION_ENDING']);
    expect(await kinds(endsLater)).toEqual([]);
    expect(await kinds(autoRenews)).toEqual([]);
    expect(await kinds(unrenewed)).toEqual(['SUBSCRIPTION_LAPSED']);
    expect(await kinds(ended)).toEqual(['SUBSCRIPTION_LAPSED']);
    expect(await kinds(longGone)).toEqual([]);

    // A retried run sends nothing again.
    expect(await evaluateReachOuts(db, { now })).toMatchObject({ due: 3, sent: 0, already: 3 });

    // Renewed: the booking moves the same subscription's period end on. The next period's end is a new occasion.
    const nextEnd = at(now, 32 * day);
    await db.update(subscriptions).set({ currentPeriodEnd: nextEnd }).where(eq(subscriptions.id, renewing));
    expect(await evaluateReachOuts(db, { now: at(nextEnd, -2 * day) })).toMatchObject({ due: 1, sent: 1 });
    const rows = await reachOutsTo(endsSoon);
    expect(rows.map((row) => row.kind)).toEqual(['SUBSCRIPTION_ENDING', 'SUBSCRIPTION_ENDING']);
    expect(rows[1]?.occasionKey).toBe(`ending:${renewing}:${nextEnd.toISOString()}`);
    expect(await deliveries(talentId)).toEqual(
      expect.arrayContaining([{ chat_id: endsSoon.chatId, rows: 2, sent: 2, messages: 2 }]),
    );
    for (const row of await deliveries(talentId)) expect(row.messages).toBe(row.sent);
  });

  // A subscription the provider ended early (endedAt now, its period paid weeks ahead) is lapsed
  // from when it ended, not from its period's end.
  it('writes "lapsed" within 7 days of a subscription the provider ended before its period was over', async () => {
    const now = new Date('2031-06-10T15:00:00Z');
    const talentId = await twin('ended-early', [{ kind: 'SUBSCRIPTION_LAPSED' }]);
    const cancelled = await fan(talentId, 'Ida');
    await subscribe(cancelled, { status: 'ENDED', endedAt: at(now, -day), currentPeriodEnd: at(now, 20 * day) });
    await evaluateReachOuts(database.db, { now });
    expect(await kinds(cancelled)).toEqual(['SUBSCRIPTION_LAPSED']);
  });

  // An ENDED subscription is not "lapsed" while the fan is subscribed to the twin again (a new
  // subscription after the old one lapsed), nor when it is the duplicate the booking kept as ENDED
  // beside the paid-up one.
  it('says nothing of a lapsed subscription to a fan who is subscribed again', async () => {
    const now = new Date('2031-09-10T15:00:00Z');
    const talentId = await twin('resubscribed', [{ kind: 'SUBSCRIPTION_LAPSED' }]);
    const back = await fan(talentId, 'Noa');
    await subscribe(back, { status: 'ENDED', endedAt: at(now, -2 * day), currentPeriodEnd: at(now, -2 * day) });
    await subscribe(back, { currentPeriodEnd: at(now, 28 * day) });
    const doubled = await fan(talentId, 'Pia');
    await subscribe(doubled, { currentPeriodEnd: at(now, 2 * day) });
    await subscribe(doubled, { status: 'ENDED', endedAt: at(now, -20 * day), currentPeriodEnd: at(now, 2 * day) });
    await evaluateReachOuts(database.db, { now });
    expect({ back: await kinds(back), doubled: await kinds(doubled) }).toEqual({ back: [], doubled: [] });
  });

  // The period end moves on only when the renewal is paid (Stripe's invoice.paid, which comes after
  // the period's end: an hour or more, days while the card is retried): an ACTIVE subscription is
  // "lapsed" only after the renewal's grace.
  it('says nothing of lapsing to a fan whose renewal is paid just after the period ends', async () => {
    const db = database.db;
    const periodEnd = new Date('2031-10-10T15:00:00Z');
    const talentId = await twin('renewal-gap', [{ kind: 'SUBSCRIPTION_LAPSED' }]);
    const renewing = await fan(talentId, 'Rae');
    const id = await subscribe(renewing, { currentPeriodEnd: periodEnd });
    await evaluateReachOuts(db, { now: at(periodEnd, 30 * 60_000) });
    // The renewal is paid: the booking moves the period on.
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: at(periodEnd, 30 * day) })
      .where(eq(subscriptions.id, id));
    expect(await kinds(renewing)).toEqual([]);
  });

  it('thanks for a first payment or a new subscription’s first, and holds every trigger for an opted-out fan, a minor or quiet hours', async () => {
    const db = database.db;
    const now = new Date('2031-12-10T15:00:00Z');
    const talentId = await twin('thanks', [
      { kind: 'THANK_YOU' },
      { kind: 'SUBSCRIPTION_ENDING' },
      { kind: 'SUBSCRIPTION_LAPSED' },
    ]);
    await db.insert(talentConfigs).values({ id: talentId, contentLevel: 'SUGGESTIVE' });
    const firstTime = await fan(talentId, 'Ann');
    await pay(firstTime, at(now, -hour));
    const again = await fan(talentId, 'Bo');
    await pay(again, at(now, -30 * day));
    await pay(again, at(now, -hour));
    const longAgo = await fan(talentId, 'Cy');
    await pay(longAgo, at(now, -3 * day));
    // A pack a month ago, then a new subscription's first period an hour ago.
    const subscriber = await fan(talentId, 'Di');
    await pay(subscriber, at(now, -30 * day));
    await pay(subscriber, at(now, -hour), await subscribe(subscriber, { currentPeriodEnd: at(now, 30 * day) }));
    // A subscription's renewal is not a new one.
    const renewed = await fan(talentId, 'Ed');
    const renewing = await subscribe(renewed, { currentPeriodEnd: at(now, 30 * day) });
    await pay(renewed, at(now, -30 * day), renewing);
    await pay(renewed, at(now, -hour), renewing);
    // Due for other triggers, each held by a rule that applies to every trigger.
    const optedOut = await fan(talentId, 'Fay');
    await subscribe(optedOut, { currentPeriodEnd: at(now, 2 * day) });
    await db.update(chats).set({ reachOutsOffAt: now }).where(eq(chats.id, optedOut.chatId));
    const minor = await fan(talentId, 'Gus');
    await db.update(users).set({ declaredMinorAt: now }).where(eq(users.id, minor.userId));
    await subscribe(minor, { status: 'ENDED', endedAt: at(now, -day), currentPeriodEnd: at(now, -day) });
    const asleep = await fan(talentId, 'Yui'); // 00:00 in Tokyo
    await db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, asleep.userId));
    await pay(asleep, at(now, -hour));

    expect(await evaluateReachOuts(db, { now })).toMatchObject({
      due: 5,
      sent: 2,
      blocked: { OPTED_OUT: 1, MINOR: 1, QUIET_HOURS: 1 },
    });
    const sent = [firstTime, again, longAgo, subscriber, renewed, optedOut, minor, asleep].map(async (chat) => kinds(chat));
    expect(await Promise.all(sent)).toEqual([['THANK_YOU'], [], [], ['THANK_YOU'], [], [], [], []]);
    // 09:00 in Tokyo: the thank-you (still within its 2 days) goes out.
    expect(await evaluateReachOuts(db, { now: at(now, 9 * hour) })).toMatchObject({ sent: 1 });
    expect(await kinds(asleep)).toEqual(['THANK_YOU']);
  });

  it('sends one reach-out a day and two a week across triggers, holding the others until the caps pass', async () => {
    const db = database.db;
    const now = new Date('2032-03-10T15:00:00Z');
    const talentId = await twin('caps', [
      { kind: 'CHECK_IN', params: { minMessages: 1, quietDays: 7 } },
      { kind: 'THANK_YOU' },
      { kind: 'SUBSCRIPTION_ENDING' },
    ]);
    // Quiet for 10 days (a check-in), bought something an hour ago (a thank-you), and a subscription
    // whose period ends in 7.5 days (ending due from day 4.5).
    const busy = await fan(talentId, 'Ola', { messages: 2, lastAt: at(now, -10 * day) });
    await pay(busy, at(now, -hour));
    await subscribe(busy, { currentPeriodEnd: at(now, 7 * day + 12 * hour) });

    expect(await evaluateReachOuts(db, { now })).toMatchObject({ due: 2, sent: 1, blocked: { DAILY_CAP: 1 } });
    expect(await kinds(busy)).toHaveLength(1);
    // The next day the other one goes out (the thank-you is still within its 2 days).
    // (The check-in sent yesterday is no longer looked for: nothing was sent since the fan's last message.)
    expect(await evaluateReachOuts(db, { now: at(now, day + hour) })).toMatchObject({ due: 1, sent: 1, blocked: {} });
    expect((await kinds(busy)).toSorted()).toEqual(['CHECK_IN', 'THANK_YOU']);
    // A third occasion within 7 days of the first is held by the weekly cap, and nothing is stored for it.
    expect(await evaluateReachOuts(db, { now: at(now, 5 * day) })).toMatchObject({ sent: 0, blocked: { WEEKLY_CAP: 1 } });
    expect(await kinds(busy)).toHaveLength(2);
    // Once the first is more than 7 days old, it goes out while still due.
    expect(await evaluateReachOuts(db, { now: at(now, 7 * day + 2 * hour) })).toMatchObject({ sent: 1, blocked: {} });
    expect((await kinds(busy)).at(-1)).toBe('SUBSCRIPTION_ENDING');
  });

  it('writes nothing to a fan referred to crisis services in the last 14 days or while the twin is paused for them', async () => {
    const db = database.db;
    const now = new Date('2033-03-10T15:00:00Z');
    const talentId = await twin('crisis', [{ kind: 'CHECK_IN', params: { minMessages: 1, quietDays: 7 } }]);
    const quiet = { messages: 2, lastAt: at(now, -10 * day) };
    const referred = await fan(talentId, 'Eli', quiet);
    const referredAt = at(now, -3 * day);
    await db.insert(crisisReferrals).values({ chatId: referred.chatId, source: 'PHRASES', createdAt: referredAt });
    const paused = await fan(talentId, 'Max', quiet);
    await db
      .update(chats)
      .set({ personaPausedUntil: at(now, day) })
      .where(eq(chats.id, paused.chatId));
    const calm = await fan(talentId, 'Zoe', quiet);

    expect(await evaluateReachOuts(db, { now })).toMatchObject({ due: 3, sent: 1, blocked: { CRISIS: 2 } });
    expect([await kinds(referred), await kinds(paused), await kinds(calm)]).toEqual([[], [], ['CHECK_IN']]);
    // 13 days after the referral: still nothing to that fan; the pause is over for the other.
    expect(await evaluateReachOuts(db, { now: at(referredAt, 13 * day) })).toMatchObject({ sent: 1, blocked: { CRISIS: 1 } });
    expect(await kinds(paused)).toEqual(['CHECK_IN']);
    // 15 days after it, the check-in (still due: the fan has not written since) goes out.
    expect(await evaluateReachOuts(db, { now: at(referredAt, 15 * day) })).toMatchObject({ sent: 1, blocked: {} });
    expect(await kinds(referred)).toEqual(['CHECK_IN']);
  });

  it('sends every occasion exactly once when a worker is killed mid-run and the job runs again', async () => {
    const db = database.db;
    const now = new Date('2034-03-10T15:00:00Z');
    const talentId = await twin('killed', [{ kind: 'CHECK_IN', params: { minMessages: 1, quietDays: 7 } }]);
    const lastAt = at(now, -10 * day);
    const fans: Fan[] = [];
    for (let index = 0; index < 20; index++) fans.push(await fan(talentId, `Fan${index}`, { messages: 1, lastAt }));
    const held = fans.at(-1) as Fan;

    // An open transaction has inserted the held fan's occasion, uncommitted: the worker, whatever
    // order it takes the fans in, stops there inside its own transaction (the chat locked, its insert
    // waiting on the same key), so it cannot finish before it is killed.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const rolledBack = db
      .transaction(async (tx) => {
        await tx.insert(reachOuts).values({
          id: newId(),
          talentId,
          userId: held.userId,
          chatId: held.chatId,
          kind: 'CHECK_IN',
          occasionKey: `check-in:${lastAt.toISOString()}`,
        });
        holding();
        await released;
        tx.rollback();
      })
      .catch((error: unknown) => error);
    await isHolding;

    const child = spawn(process.execPath, [fixturePath, database.url, now.toISOString()], { stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
    });
    child.stderr.on('data', (chunk) => {
      printed += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    const committed = async () => {
      const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from reach_outs where talent_id = ${talentId}`);
      return row?.n ?? 0;
    };
    // The worker's session waiting on the held occasion (when the held fan happens to come first).
    const waiting = async () => {
      const [row] = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'doppel-reach-out-fixture' and wait_event_type = 'Lock'`);
      return (row?.n ?? 0) > 0;
    };
    let sentBeforeKill: number;
    try {
      await Promise.race([
        expect.poll(async () => (await committed()) > 0 || (await waiting()), { timeout: 60_000, interval: 10 }).toBe(true),
        exited.then(() => {
          throw new Error(`the evaluation ended before it was killed:\n${printed}`);
        }),
      ]);
      child.kill('SIGKILL');
      expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
      sentBeforeKill = await committed();
    } finally {
      child.kill('SIGKILL');
      release();
      await rolledBack;
    }
    expect(sentBeforeKill).toBeLessThan(fans.length);

    // The job runs again (retried, and a second worker at the same time): each occasion goes out once.
    const reruns = await Promise.all([evaluateReachOuts(db, { now }), evaluateReachOuts(db, { now })]);
    expect(reruns.reduce((sum, run) => sum + run.sent, 0)).toBe(fans.length - sentBeforeKill);
    const rows = await deliveries(talentId);
    expect(rows).toHaveLength(fans.length);
    for (const row of rows) expect(row, `chat ${row.chat_id}`).toMatchObject({ rows: 1, sent: 1, messages: 1 });
    const [duplicates] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select reach_out_id from chat_messages where reach_out_id is not null group by reach_out_id having count(*) > 1) d`);
    expect(duplicates?.n).toBe(0);
    // Every check-in sent: none is looked for again.
    expect(await evaluateReachOuts(db, { now })).toMatchObject({ due: 0, sent: 0 });
  }, 90_000);
});
