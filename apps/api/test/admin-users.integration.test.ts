// The admin Users section's procedures over real HTTP: every filter paged by the keyset cursor
// against an independent ORDER BY, the email search, the detail, and the editor (validation, the
// taken email, the own admin role, live events and the one "You're in!" email on acceptance).
import { devOutboxEmails, listRecordedChanges, talentManagers, users } from '@doppel/db';
import { type AdminUserFilter, adminUserFilters, adminUserMessages } from '@doppel/validation';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

const bulkCount = 400;
const statuses = ['PENDING', 'ACCEPTED', 'REJECTED', null] as const;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  const { db } = api.database;

  // 400 users in the past: statuses in turn, every 9th an admin, every 4th without email
  // (anonymous). Creation times come in ties of three, so the id must break ties.
  const bulk = await db
    .insert(users)
    .values(
      Array.from({ length: bulkCount }, (_, i) => ({
        name: `Bulk ${i}`,
        email: i % 4 === 3 ? null : `bulk-${i}@test.dev`,
        isAnonymous: i % 4 === 3,
        role: i % 9 === 0 ? ('ADMIN' as const) : ('USER' as const),
        waitlistStatus: statuses[i % 4] ?? null,
        credits: i,
        paidCredits: i % 3,
        createdAt: sql`'2021-03-01T00:00:00.25Z'::timestamptz + ${Math.floor(i / 3)} * interval '1 microsecond'`,
      })),
    )
    .returning({ id: users.id });
  // Half the accepted ones manage a talent (Live), the rest are Onboarding; some users without a
  // status manage one too (invited managers), which keeps them out of "Fans".
  await db
    .insert(talentManagers)
    .values(bulk.flatMap((user, i) => (i % 8 === 1 || i % 16 === 3 ? [{ userId: user.id, talentId: people.talentA.id }] : [])));
  // For the search: LIKE's wildcards in the search text must match literally.
  await db.insert(users).values([
    { name: 'Under', email: 'under_score@test.dev', waitlistStatus: 'PENDING' },
    { name: 'Lookalike', email: 'underxscore@test.dev', waitlistStatus: 'PENDING' },
    { name: 'Percent', email: '100%real@test.dev', waitlistStatus: 'PENDING' },
  ]);
});
afterAll(() => api?.close());

const filterSql: Record<AdminUserFilter, string> = {
  pending: `waitlist_status = 'PENDING'`,
  accepted: `waitlist_status = 'ACCEPTED'`,
  rejected: `waitlist_status = 'REJECTED'`,
  live: `waitlist_status = 'ACCEPTED' and exists (select 1 from talent_managers m where m.user_id = u.id)`,
  onboarding: `waitlist_status = 'ACCEPTED' and not exists (select 1 from talent_managers m where m.user_id = u.id)`,
  admins: `role = 'ADMIN'`,
  fans: `waitlist_status is null and role = 'USER' and not exists (select 1 from talent_managers m where m.user_id = u.id)`,
};

/** The expected order, from a plain ORDER BY in SQL (not the procedure's keyset query). */
async function expectedIds(filter: AdminUserFilter, emailPrefix = ''): Promise<string[]> {
  const rows = await api.database.sql.unsafe<{ id: string }[]>(
    `select id from users u where ${filterSql[filter]} and ($1 = '' or left(email, length($1)) = $1)
     order by created_at desc, id desc`,
    [emailPrefix],
  );
  return rows.map((row) => row.id);
}

async function allPages(filter: AdminUserFilter, search = '') {
  const pages = [];
  let cursor: string | null = null;
  do {
    const page = await admin.client.admin.users.list.query({ filter, search, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

async function outboxFor(email: string) {
  return api.database.db.select().from(devOutboxEmails).where(eq(devOutboxEmails.to, email));
}

async function acceptanceEmailsFor(email: string) {
  return (await outboxFor(email)).filter((mail) => mail.subject.startsWith("You're in!"));
}

describe('admin.users.list', () => {
  for (const filter of adminUserFilters) {
    it(`lists every user of filter ${filter} once, newest first, 50 a page`, async () => {
      const expected = await expectedIds(filter);
      expect(expected.length, 'the seed covers the filter').toBeGreaterThan(3);
      const pages = await allPages(filter);
      const ids = pages.flatMap((page) => page.items.map((user) => user.id));
      expect(ids, 'no repeats, no gaps, newest first').toEqual(expected);
      expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / 50)));
      for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(50);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    });
  }

  it('pages the larger filters over several pages', async () => {
    expect((await expectedIds('pending')).length).toBeGreaterThan(50);
    expect((await expectedIds('fans')).length).toBeGreaterThan(50);
  });

  it('defaults to the pending waitlist', async () => {
    const byDefault = await admin.client.admin.users.list.query({});
    expect(byDefault).toEqual(await admin.client.admin.users.list.query({ filter: 'pending' }));
    expect(byDefault.items.every((user) => user.waitlistStatus === 'PENDING')).toBe(true);
  });

  it('shows Live and Onboarding for accepted users with and without managed talents', async () => {
    const live = (await allPages('live')).flatMap((page) => page.items);
    const onboarding = (await allPages('onboarding')).flatMap((page) => page.items);
    expect(live.every((user) => user.status === 'LIVE' && user.managesTalents && user.waitlistStatus === 'ACCEPTED')).toBe(true);
    expect(onboarding.every((user) => user.status === 'ONBOARDING' && !user.managesTalents)).toBe(true);
    const accepted = (await allPages('accepted')).flatMap((page) => page.items.map((user) => user.id));
    expect(new Set(accepted)).toEqual(new Set([...live, ...onboarding].map((user) => user.id)));
    const creatorA = live.find((user) => user.id === people.creatorA.id);
    expect(creatorA, 'the seeded creator manages Talent A').toMatchObject({ status: 'LIVE', email: 'creator-a@test.dev' });
  });

  it('lists anonymous fans with their credits, and no staff or managers among fans', async () => {
    const fans = (await allPages('fans')).flatMap((page) => page.items);
    expect(fans.some((user) => user.email === null && user.isAnonymous)).toBe(true);
    expect(fans.every((user) => user.role === 'USER' && user.waitlistStatus === null && !user.managesTalents)).toBe(true);
    expect(fans.find((user) => user.id === people.fan.id)).toMatchObject({ name: 'Fan', credits: 0, paidCredits: 0 });
    const admins = (await allPages('admins')).flatMap((page) => page.items);
    expect(admins.map((user) => user.id)).toContain(people.admin.id);
  });

  it('searches by email prefix, case-insensitively, within the filter, paged', async () => {
    const search = 'BULK-1';
    const expected = await expectedIds('pending', 'bulk-1');
    expect(expected.length).toBeGreaterThan(5);
    const ids = (await allPages('pending', search)).flatMap((page) => page.items.map((user) => user.id));
    expect(ids).toEqual(expected);
    const fans = (await allPages('fans', ' bulk-1')).flatMap((page) => page.items);
    expect(fans.map((user) => user.id)).toEqual(await expectedIds('fans', 'bulk-1'));
    expect(fans.every((user) => user.email?.startsWith('bulk-1'))).toBe(true);
  });

  it('matches LIKE wildcards in the search literally', async () => {
    const underscore = await admin.client.admin.users.list.query({ filter: 'pending', search: 'under_' });
    expect(underscore.items.map((user) => user.email)).toEqual(['under_score@test.dev']);
    const percent = await admin.client.admin.users.list.query({ filter: 'pending', search: '100%' });
    expect(percent.items.map((user) => user.email)).toEqual(['100%real@test.dev']);
    const nothing = await admin.client.admin.users.list.query({ filter: 'pending', search: '%' });
    expect(nothing.items).toEqual([]);
  });

  it('refuses a made-up cursor and an unknown filter as bad input', async () => {
    expect((await refusal(admin.client.admin.users.list.query({ cursor: 'bm9wZQ' }))).code).toBe('BAD_REQUEST');
    expect((await refusal(admin.client.admin.users.list.query({ filter: 'everyone' as 'fans' }))).code).toBe('BAD_REQUEST');
  });
});

describe('admin.users.get', () => {
  it('shows basic data, test groups, managed talents, waitlist and credits', async () => {
    await api.database.db
      .update(users)
      .set({ testGroupRecord: { onboarding: 'B' }, instagram: 'creator_a', waitlistPlatform: 'INSTAGRAM', credits: 7 })
      .where(eq(users.id, people.creatorA.id));
    const detail = await admin.client.admin.users.get.query({ userId: people.creatorA.id });
    expect(detail).toMatchObject({
      id: people.creatorA.id,
      name: 'Creator A',
      email: 'creator-a@test.dev',
      isAnonymous: false,
      role: 'USER',
      waitlistStatus: 'ACCEPTED',
      status: 'LIVE',
      waitlistPlatform: 'INSTAGRAM',
      instagram: 'creator_a',
      tiktok: null,
      x: null,
      credits: 7,
      paidCredits: 0,
      testGroupRecord: { onboarding: 'B' },
      managedTalents: [{ id: people.talentA.id, name: 'Talent A', tag: 'talent_a' }],
    });
    expect(Date.parse(detail.createdAt)).not.toBeNaN();
  });

  it('is NOT_FOUND for an unknown user', async () => {
    expect((await refusal(admin.client.admin.users.get.query({ userId: 'nobody' }))).code).toBe('NOT_FOUND');
  });
});

describe('admin.users.update', () => {
  async function createUser(email: string, waitlistStatus: 'PENDING' | 'REJECTED' | null = 'PENDING') {
    const [user] = await api.database.db.insert(users).values({ email, name: 'Waiting', waitlistStatus }).returning();
    if (!user) throw new Error('insert failed');
    return user;
  }

  it('saves name, email, role, credits and status, and records the change for live readers', async () => {
    const user = await createUser('edit-me@test.dev', null);
    const saved = await admin.client.admin.users.update.mutate({
      id: user.id,
      name: '  Edited Name ',
      email: ' Edited@Test.DEV ',
      waitlistStatus: 'REJECTED',
      role: 'ADMIN',
      credits: 42,
    });
    expect(saved).toMatchObject({
      acceptanceEmail: 'none',
      user: { id: user.id, name: 'Edited Name', email: 'edited@test.dev', role: 'ADMIN', credits: 42, status: 'REJECTED' },
    });
    expect(await rowOf(user.id)).toMatchObject({ name: 'Edited Name', email: 'edited@test.dev', credits: 42 });
    const changes = await listRecordedChanges(api.database.db);
    expect(changes).toContainEqual({ entity: 'users', rowId: user.id, scopes: ['admin', `user:${user.id}`] });
    // Name and email are optional; a null status clears it.
    const again = await admin.client.admin.users.update.mutate({ id: user.id, waitlistStatus: null, role: 'USER', credits: 0 });
    expect(again.user).toMatchObject({ name: 'Edited Name', email: 'edited@test.dev', waitlistStatus: null, role: 'USER' });
  });

  it('refuses negative credits with the message and changes nothing', async () => {
    const user = await createUser('credits@test.dev');
    const refused = await refusal(
      admin.client.admin.users.update.mutate({
        id: user.id,
        name: 'Changed',
        waitlistStatus: 'ACCEPTED',
        role: 'USER',
        credits: -1,
      }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'Credits must be at least 0' });
    expect(refused.fieldErrors?.credits).toEqual(['Credits must be at least 0']);
    expect(await rowOf(user.id)).toMatchObject({ name: 'Waiting', waitlistStatus: 'PENDING', credits: 0 });
    expect(await acceptanceEmailsFor('credits@test.dev')).toHaveLength(0);
  });

  it('never undoes a fan’s spending: credits are written only when changed, over the balance the editor saw', async () => {
    const user = await createUser('spender@test.dev', null);
    await api.database.db.update(users).set({ credits: 10 }).where(eq(users.id, user.id));
    const base = { id: user.id, waitlistStatus: null, role: 'USER' as const };
    // The editor loaded 10; the fan spends 2 meanwhile.
    await api.database.db.update(users).set({ credits: 8 }).where(eq(users.id, user.id));

    // Saving other fields leaves the balance alone.
    await admin.client.admin.users.update.mutate({ ...base, name: 'Renamed', credits: 10, expectedCredits: 10 });
    expect(await rowOf(user.id)).toMatchObject({ name: 'Renamed', credits: 8 });

    // Granting credits over a stale balance is refused on the field, and nothing changes.
    const moved = await refusal(
      admin.client.admin.users.update.mutate({ ...base, name: 'Again', credits: 50, expectedCredits: 10 }),
    );
    expect(moved).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { credits: ['The credits changed while you were editing. Check the new balance and save again.'] },
    });
    expect(await rowOf(user.id)).toMatchObject({ name: 'Renamed', credits: 8 });

    // Over the current balance it is written.
    await admin.client.admin.users.update.mutate({ ...base, credits: 50, expectedCredits: 8 });
    expect((await rowOf(user.id))?.credits).toBe(50);
  });

  it('refuses a bad email and an email another account uses, on the email field', async () => {
    const user = await createUser('mine@test.dev');
    const base = { id: user.id, waitlistStatus: 'PENDING' as const, role: 'USER' as const, credits: 3 };
    const bad = await refusal(admin.client.admin.users.update.mutate({ ...base, email: 'not-an-email' }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { email: ['Please enter a valid email address'] } });
    const taken = await refusal(admin.client.admin.users.update.mutate({ ...base, email: ' Creator-A@test.dev ' }));
    expect(taken).toMatchObject({
      code: 'CONFLICT',
      message: 'This email is already used by another account.',
      fieldErrors: { email: ['This email is already used by another account.'] },
    });
    expect(await rowOf(user.id)).toMatchObject({ email: 'mine@test.dev', credits: 0 });
    // Its own email again is no conflict.
    const same = await admin.client.admin.users.update.mutate({ ...base, email: 'mine@test.dev' });
    expect(same.user.credits).toBe(3);
  });

  it('sends exactly one "You\'re in!" email on acceptance, none on saving again', async () => {
    const user = await createUser('accept-me@test.dev');
    const payload = { id: user.id, name: 'Waiting', waitlistStatus: 'ACCEPTED' as const, role: 'USER' as const, credits: 0 };
    const accepted = await admin.client.admin.users.update.mutate(payload);
    expect(accepted).toMatchObject({ acceptanceEmail: 'sent', user: { waitlistStatus: 'ACCEPTED', status: 'ONBOARDING' } });
    const [mail, ...more] = await acceptanceEmailsFor('accept-me@test.dev');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain("You're in!");
    expect(mail?.text).toContain(`${api.url}/sign-in`);
    expect(mail?.link).toBe(`${api.url}/sign-in`);

    const again = await admin.client.admin.users.update.mutate({ ...payload, credits: 5 });
    expect(again.acceptanceEmail).toBe('none');
    expect(await acceptanceEmailsFor('accept-me@test.dev')).toHaveLength(1);

    // The accepted user is let in: auth.me shows the status to their own screens.
    const self = await signIn(api, 'accept-me@test.dev');
    expect(await self.client.auth.me.query()).toMatchObject({ waitlistStatus: 'ACCEPTED' });
  });

  it('sends the email from a rejected status too, but not to a user who manages a talent already', async () => {
    const rejected = await createUser('rejected@test.dev', 'REJECTED');
    await admin.client.admin.users.update.mutate({ id: rejected.id, waitlistStatus: 'ACCEPTED', role: 'USER', credits: 0 });
    expect(await acceptanceEmailsFor('rejected@test.dev')).toHaveLength(1);

    // An invited manager without a status: the form defaults them to ACCEPTED; they are in already.
    const manager = await createUser('invited-manager@test.dev', null);
    await api.database.db.insert(talentManagers).values({ userId: manager.id, talentId: people.talentB.id });
    const saved = await admin.client.admin.users.update.mutate({
      id: manager.id,
      waitlistStatus: 'ACCEPTED',
      role: 'USER',
      credits: 0,
    });
    expect(saved).toMatchObject({ acceptanceEmail: 'none', user: { status: 'LIVE' } });
    expect(await acceptanceEmailsFor('invited-manager@test.dev')).toHaveLength(0);
  });

  it('refuses an admin removing their own admin role, and changes nothing', async () => {
    const refused = await refusal(
      admin.client.admin.users.update.mutate({ id: people.admin.id, waitlistStatus: 'ACCEPTED', role: 'USER', credits: 1 }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: adminUserMessages.ownAdminRole });
    expect(refused.fieldErrors?.role).toEqual([adminUserMessages.ownAdminRole]);
    expect(await rowOf(people.admin.id)).toMatchObject({ role: 'ADMIN', credits: 0 });
    // Saving their own other fields is fine.
    const own = await admin.client.admin.users.update.mutate({
      id: people.admin.id,
      waitlistStatus: 'ACCEPTED',
      role: 'ADMIN',
      credits: 2,
    });
    expect(own.user).toMatchObject({ role: 'ADMIN', credits: 2 });
  });

  it('is NOT_FOUND for an unknown user', async () => {
    const refused = await refusal(
      admin.client.admin.users.update.mutate({ id: 'nobody', waitlistStatus: null, role: 'USER', credits: 0 }),
    );
    expect(refused.code).toBe('NOT_FOUND');
  });
});

describe('access to admin.users', () => {
  it('refuses creators and fans (FORBIDDEN) and anonymous callers (UNAUTHORIZED) on every procedure', async () => {
    const callers: Array<[Caller, string]> = [
      [await signIn(api, people.creatorB.email as string), 'FORBIDDEN'],
      [await signIn(api, people.fan.email as string), 'FORBIDDEN'],
      [createCaller(api), 'UNAUTHORIZED'],
    ];
    const before = await api.database.db.select().from(users).where(like(users.email, 'bulk-%'));
    for (const [caller, code] of callers) {
      expect((await refusal(caller.client.admin.users.list.query({}))).code).toBe(code);
      expect((await refusal(caller.client.admin.users.get.query({ userId: people.fan.id }))).code).toBe(code);
      const update = caller.client.admin.users.update.mutate({
        id: people.fan.id,
        waitlistStatus: 'ACCEPTED',
        role: 'ADMIN',
        credits: 99,
      });
      expect((await refusal(update)).code).toBe(code);
    }
    expect(await rowOf(people.fan.id)).toMatchObject({ role: 'USER', waitlistStatus: null, credits: 0 });
    expect(await api.database.db.select().from(users).where(like(users.email, 'bulk-%'))).toHaveLength(before.length);
  });
});

async function rowOf(id: string) {
  return (await api.database.db.select().from(users).where(eq(users.id, id)))[0];
}
