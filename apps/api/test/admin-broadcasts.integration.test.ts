// The admin Broadcast section over real HTTP (docs/product-rules.md#admin-back-office, #admin-forms, #calls): schedule with the form's rules, the
// list newest scheduled first, the detail, delete only while scheduled, admin only; scheduling
// queues one prepare job held back until scheduledAt.
import { broadcasts } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: Caller;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email ?? '');
});
afterAll(async () => {
  await api?.close();
});

describe('admin broadcasts', () => {
  it('schedules a broadcast and queues its prepare job for the scheduled time', async () => {
    const scheduledAt = inMinutes(30);
    const { broadcastId } = await admin.client.admin.broadcasts.schedule.mutate({
      talentId: people.talentA.id,
      chatMessageText: '  New photos are up!  ',
      pushNotificationHeadline: 'Mia wrote',
      pushNotificationMessage: '',
      scheduledAt,
    });
    const detail = await admin.client.admin.broadcasts.get.query({ broadcastId });
    expect(detail).toMatchObject({
      status: 'SCHEDULED',
      message: 'New photos are up!',
      talent: { id: people.talentA.id },
      hasPushNotification: true,
      pushNotificationHeadline: 'Mia wrote',
      pushNotificationMessage: null,
      scheduledAt,
      scheduledMessageCount: 0,
      sentMessageCount: 0,
      chunkCount: 0,
      createdBy: { id: people.admin.id },
    });
    const jobs = await api.database.db.execute<{ start_after: Date; singleton_key: string }>(
      sql`select start_after, singleton_key from pgboss.job where name = 'broadcasts.prepare' and data->>'broadcastId' = ${broadcastId}`,
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]?.start_after ?? 0).toISOString()).toBe(scheduledAt);
    expect(jobs[0]?.singleton_key).toBe(broadcastId);
  });

  it('refuses a bad form with the field messages and stores nothing', async () => {
    const before = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(broadcasts);
    const empty = await refusal(
      admin.client.admin.broadcasts.schedule.mutate({ chatMessageText: '   ', scheduledAt: inMinutes(5) }),
    );
    expect(empty.fieldErrors?.chatMessageText).toEqual(['Required']);
    const badDate = await refusal(
      admin.client.admin.broadcasts.schedule.mutate({ chatMessageText: 'Hi', scheduledAt: 'next tuesday' }),
    );
    expect(badDate.fieldErrors?.scheduledAt).toEqual(['Pick a valid date and time']);
    const past = await refusal(
      admin.client.admin.broadcasts.schedule.mutate({ chatMessageText: 'Hi', scheduledAt: inMinutes(-60) }),
    );
    expect(past.fieldErrors?.scheduledAt).toEqual(['Pick a time from now on.']);
    const unknownTwin = await refusal(
      admin.client.admin.broadcasts.schedule.mutate({ talentId: 'nobody', chatMessageText: 'Hi', scheduledAt: inMinutes(5) }),
    );
    expect(unknownTwin).toMatchObject({ code: 'NOT_FOUND', fieldErrors: { talentId: ['This talent does not exist.'] } });
    const after = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(broadcasts);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('lists newest scheduled first, 50 at a time', async () => {
    const base = Date.now() + 3_600_000;
    await api.database.db
      .insert(broadcasts)
      .values(Array.from({ length: 55 }, (_, i) => ({ message: `Bulk ${i}`, scheduledAt: new Date(base + i * 60_000) })));
    const first = await admin.client.admin.broadcasts.list.query({});
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.message).toBe('Bulk 54');
    const times = first.items.map((item) => item.scheduledAt);
    expect(times).toEqual([...times].sort().reverse());
    const second = await admin.client.admin.broadcasts.list.query({ cursor: first.nextCursor });
    expect(second.items.length).toBeGreaterThan(0);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(first.items.length + second.items.length);
    expect((await refusal(admin.client.admin.broadcasts.get.query({ broadcastId: 'missing' }))).message).toBe(
      'Broadcast not found',
    );
  });

  it('deletes only a scheduled broadcast', async () => {
    const { broadcastId } = await admin.client.admin.broadcasts.schedule.mutate({
      chatMessageText: 'Oops',
      scheduledAt: inMinutes(10),
    });
    await admin.client.admin.broadcasts.delete.mutate({ broadcastId });
    const deleted = await admin.client.admin.broadcasts.get.query({ broadcastId });
    expect(deleted.status).toBe('DELETED');
    expect(deleted.deletedAt).not.toBeNull();
    expect((await refusal(admin.client.admin.broadcasts.delete.mutate({ broadcastId }))).code).toBe('CONFLICT');

    // Once the worker has started (preparing, sending, done) the broadcast stays as it is.
    for (const status of ['PREPARING', 'SENDING_MESSAGES', 'COMPLETED'] as const) {
      const [started] = await api.database.db
        .insert(broadcasts)
        .values({ message: `Going out (${status})`, scheduledAt: new Date(), status })
        .returning({ id: broadcasts.id });
      const refused = await refusal(admin.client.admin.broadcasts.delete.mutate({ broadcastId: started?.id ?? '' }));
      expect(refused, status).toMatchObject({
        code: 'CONFLICT',
        message: 'Only a scheduled broadcast can be deleted; this one has started.',
      });
      const [still] = await api.database.db
        .select({ status: broadcasts.status, deletedAt: broadcasts.deletedAt })
        .from(broadcasts)
        .where(eq(broadcasts.id, started?.id ?? ''));
      expect(still, status).toEqual({ status, deletedAt: null });
    }
    expect((await refusal(admin.client.admin.broadcasts.delete.mutate({ broadcastId: 'missing' }))).code).toBe('NOT_FOUND');
  });

  it('is admin only, on every call', async () => {
    const creator = await signIn(api, people.creatorA.email ?? '');
    const anonymous = createCaller(api);
    for (const [caller, code] of [
      [creator, 'FORBIDDEN'],
      [anonymous, 'UNAUTHORIZED'],
    ] as const) {
      expect((await refusal(caller.client.admin.broadcasts.list.query({}))).code).toBe(code);
      expect((await refusal(caller.client.admin.broadcasts.get.query({ broadcastId: 'x' }))).code).toBe(code);
      expect(
        (await refusal(caller.client.admin.broadcasts.schedule.mutate({ chatMessageText: 'Hi', scheduledAt: inMinutes(5) })))
          .code,
      ).toBe(code);
      expect((await refusal(caller.client.admin.broadcasts.delete.mutate({ broadcastId: 'x' }))).code).toBe(code);
    }
  });
});
