// The admin Discover section and the public discover feed over real HTTP: create from a talent id,
// order and paging by keyset, every rule of the update form, removal, and what visitors see.
import { publicTalents, talents } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

const hidden = { discoverFeed: false, discoverInReview: false, homepage1: false, homepage2: false };

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  // Both creators confirmed consent, so their twins may be published (docs/safety.md).
  await api.database.db.update(talents).set({ consentConfirmedAt: new Date() });
});
afterAll(() => api?.close());

describe('admin.discover', () => {
  it('creates a hidden entry named after the talent, after the last one, once per talent', async () => {
    const created = await admin.client.admin.discover.create.mutate({ talentId: ` ${people.talentA.id} ` });
    expect(created.id).toBe(people.talentA.id);
    const entry = await admin.client.admin.discover.get.query({ id: created.id });
    expect(entry).toMatchObject({ name: 'Talent A', order: 1, isVisibleRecord: hidden, talent: { tag: 'talent_a' } });

    const second = await admin.client.admin.discover.create.mutate({ talentId: people.talentB.id });
    expect((await admin.client.admin.discover.get.query({ id: second.id })).order).toBe(2);

    const again = await refusal(admin.client.admin.discover.create.mutate({ talentId: people.talentA.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', fieldErrors: { talentId: ['This talent is already on Discover.'] } });
    const unknown = await refusal(admin.client.admin.discover.create.mutate({ talentId: 'no-such-talent' }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', fieldErrors: { talentId: ['There is no talent with this ID.'] } });
    const empty = await refusal(admin.client.admin.discover.create.mutate({ talentId: '  ' }));
    expect(empty).toMatchObject({ code: 'BAD_REQUEST', message: 'Talent ID is required' });
  });

  it('updates name, order and visibility, and refuses a bad form without changing anything', async () => {
    const id = people.talentA.id;
    const saved = await admin.client.admin.discover.update.mutate({
      id,
      name: 'Talent A on Discover',
      order: 5,
      isVisibleRecord: { ...hidden, discoverFeed: true, homepage2: true },
    });
    expect(saved).toMatchObject({
      name: 'Talent A on Discover',
      order: 5,
      isVisibleRecord: { discoverFeed: true, homepage2: true },
    });

    const noName = await refusal(admin.client.admin.discover.update.mutate({ id, name: ' ', order: 1, isVisibleRecord: hidden }));
    expect(noName).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { name: ['Name is required'] } });
    const badOrder = await refusal(
      admin.client.admin.discover.update.mutate({ id, name: 'X', order: 1.5, isVisibleRecord: hidden }),
    );
    expect(badOrder.fieldErrors).toEqual({ order: ['Order must be a whole number'] });
    expect(await admin.client.admin.discover.get.query({ id })).toMatchObject({ name: 'Talent A on Discover', order: 5 });

    const missing = await refusal(
      admin.client.admin.discover.update.mutate({ id: 'nope', name: 'X', order: 1, isVisibleRecord: hidden }),
    );
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('lists entries by order with the id breaking ties, 50 a page, without repeats', async () => {
    const { db } = api.database;
    const extra = await db
      .insert(talents)
      .values(Array.from({ length: 60 }, (_, i) => ({ name: `Extra ${i}`, tag: `extra_${i}` })))
      .returning({ id: talents.id, name: talents.name });
    // Orders in ties of three, so only the id can order entries within a tie.
    await db
      .insert(publicTalents)
      .values(extra.map((talent, i) => ({ id: talent.id, name: talent.name, order: Math.floor(i / 3) })));

    const expected = (await api.database.sql<{ id: string }[]>`select id from public_talents order by "order" asc, id asc`).map(
      (row) => row.id,
    );
    const first = await admin.client.admin.discover.list.query({});
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await admin.client.admin.discover.list.query({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((entry) => entry.id)).toEqual(expected);

    const badCursor = await refusal(admin.client.admin.discover.list.query({ cursor: 'garbage' }));
    expect(badCursor).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This list position is not valid any more; reload the list.',
    });
  });

  it('shows visitors only the twins on the discover feed, in order, and forgets removed ones', async () => {
    const visitor = createCaller(api);
    const { db } = api.database;
    await admin.client.admin.discover.update.mutate({
      id: people.talentB.id,
      name: 'Talent B',
      order: -1,
      isVisibleRecord: { ...hidden, discoverFeed: true },
    });
    // An entry whose twin has no handle yet has no chat to open, so it is left out.
    await db.update(talents).set({ tag: null }).where(eq(talents.name, 'Extra 0'));
    await db
      .update(publicTalents)
      .set({ isVisibleRecord: { discoverFeed: true } })
      .where(eq(publicTalents.name, 'Extra 0'));

    const feed = await visitor.client.discover.list.query();
    expect(feed.map((twin) => twin.tag)).toEqual(['talent_b', 'talent_a']);

    await admin.client.admin.discover.delete.mutate({ id: people.talentB.id });
    expect((await visitor.client.discover.list.query()).map((twin) => twin.tag)).toEqual(['talent_a']);
    expect((await refusal(admin.client.admin.discover.get.query({ id: people.talentB.id }))).code).toBe('NOT_FOUND');
    expect((await refusal(admin.client.admin.discover.delete.mutate({ id: people.talentB.id }))).code).toBe('NOT_FOUND');
    const [talentStays] = await db.select({ id: talents.id }).from(talents).where(eq(talents.id, people.talentB.id));
    expect(talentStays, 'removing the entry keeps the twin').toBeDefined();
  });

  it('refuses creators, fans and visitors on every admin procedure, and changes nothing', async () => {
    const id = people.talentA.id;
    const before = await admin.client.admin.discover.get.query({ id });
    for (const email of [people.creatorA.email, people.fan.email]) {
      const caller = await signIn(api, email as string);
      expect((await refusal(caller.client.admin.discover.list.query({}))).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.discover.get.query({ id }))).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.discover.create.mutate({ talentId: people.talentB.id }))).code).toBe('FORBIDDEN');
      expect(
        (await refusal(caller.client.admin.discover.update.mutate({ id, name: 'Hacked', order: 0, isVisibleRecord: hidden })))
          .code,
      ).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.discover.delete.mutate({ id }))).code).toBe('FORBIDDEN');
    }
    const anonymous = createCaller(api);
    expect(
      (await refusal(anonymous.client.admin.discover.update.mutate({ id, name: 'Hacked', order: 0, isVisibleRecord: hidden })))
        .code,
    ).toBe('UNAUTHORIZED');
    expect(await admin.client.admin.discover.get.query({ id })).toEqual(before);
  });
});
