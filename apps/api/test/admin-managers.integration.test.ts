// The talent detail's Managers tab over real HTTP: inviting by email (normalised; an existing
// account becomes a manager at once, a new person on signing in through the real magic link),
// inviting twice, removing managers and invitations, NOT_FOUND, live events and access.
import { invitations, listRecordedChanges, talentManagers } from '@doppel/db';
import { adminManagerMessages } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
});
afterAll(() => api?.close());

const invitationsOf = (talentId: string, email: string) =>
  api.database.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.talentId, talentId), eq(invitations.email, email)));

describe('admin.managers.list', () => {
  it('lists the talent’s managers and no invitations at first', async () => {
    const list = await admin.client.admin.managers.list.query({ talentId: people.talentA.id });
    expect(list.managers).toEqual([
      { userId: people.creatorA.id, name: 'Creator A', email: 'creator-a@test.dev', since: expect.any(String) },
    ]);
    expect(list.invitations).toEqual([]);
  });

  it('is NOT_FOUND for an unknown talent', async () => {
    expect((await refusal(admin.client.admin.managers.list.query({ talentId: 'nope' }))).code).toBe('NOT_FOUND');
  });
});

describe('admin.managers.invite', () => {
  it('stores a normalised invitation for a new person, who becomes a manager on signing in', async () => {
    const talentId = people.talentA.id;
    const invited = await admin.client.admin.managers.invite.mutate({ talentId, email: '  New.Person@Test.DEV ' });
    expect(invited).toEqual({ outcome: 'invited', message: 'Invitation sent.' });
    const list = await admin.client.admin.managers.list.query({ talentId });
    expect(list.invitations).toEqual([
      { id: expect.any(String), email: 'new.person@test.dev', createdAt: expect.any(String), acceptedAt: null },
    ]);
    expect(list.managers.map((manager) => manager.email)).toEqual(['creator-a@test.dev']);
    const invitationId = list.invitations[0]?.id as string;
    expect(await listRecordedChanges(api.database.db)).toContainEqual({
      entity: 'invitations',
      rowId: invitationId,
      scopes: ['admin', `talent:${talentId}`],
    });

    // Inviting again is harmless: no second row, and it says so.
    const twice = await admin.client.admin.managers.invite.mutate({ talentId, email: 'new.person@test.dev' });
    expect(twice).toEqual({ outcome: 'alreadyInvited', message: adminManagerMessages.alreadyInvited('new.person@test.dev') });
    expect(await invitationsOf(talentId, 'new.person@test.dev')).toHaveLength(1);

    // The person signs in through the real magic link: the invitation takes effect in that sign-in.
    const person = await signIn(api, 'new.person@test.dev');
    const me = await person.client.auth.me.query();
    expect(me?.managedTalentIds).toEqual([talentId]);
    // Managing a talent, they may now use its talent procedures.
    expect((await person.client.talent.get.query({ talentId })).id).toBe(talentId);

    const after = await admin.client.admin.managers.list.query({ talentId });
    expect(after.managers.map((manager) => manager.userId)).toContain(me?.id);
    expect(after.invitations[0]).toMatchObject({ id: invitationId, acceptedAt: expect.any(String) });
    const changes = await listRecordedChanges(api.database.db);
    expect(changes).toContainEqual({
      entity: 'talent_managers',
      rowId: `${talentId}:${me?.id}`,
      scopes: ['admin', `talent:${talentId}`, `user:${me?.id}`],
    });
    expect(changes).toContainEqual({
      entity: 'invitations',
      rowId: invitationId,
      scopes: ['admin', `talent:${talentId}`, `user:${me?.id}`],
    });

    // Signing in again accepts nothing twice.
    await signIn(api, 'new.person@test.dev');
    const managers = await api.database.db.select().from(talentManagers).where(eq(talentManagers.talentId, talentId));
    expect(managers.filter((row) => row.userId === me?.id)).toHaveLength(1);
  });

  it('makes an existing account a manager at once and keeps the invitation as accepted', async () => {
    const talentId = people.talentB.id;
    const fan = await signIn(api, people.fan.email as string);
    expect((await fan.client.auth.me.query())?.managedTalentIds).toEqual([]);

    const added = await admin.client.admin.managers.invite.mutate({ talentId, email: 'FAN@test.dev' });
    expect(added).toEqual({ outcome: 'added', message: adminManagerMessages.added('fan@test.dev') });
    expect(added.message).toMatch(/^Invitation sent\./);
    expect((await fan.client.auth.me.query())?.managedTalentIds).toEqual([talentId]);

    const list = await admin.client.admin.managers.list.query({ talentId });
    expect(list.managers.map((manager) => manager.userId)).toEqual([people.creatorB.id, people.fan.id]);
    expect(list.invitations).toEqual([
      { id: expect.any(String), email: 'fan@test.dev', createdAt: expect.any(String), acceptedAt: expect.any(String) },
    ]);
    expect(await listRecordedChanges(api.database.db)).toContainEqual({
      entity: 'talent_managers',
      rowId: `${talentId}:${people.fan.id}`,
      scopes: ['admin', `talent:${talentId}`, `user:${people.fan.id}`],
    });

    const again = await admin.client.admin.managers.invite.mutate({ talentId, email: 'fan@test.dev' });
    expect(again).toEqual({ outcome: 'alreadyManager', message: 'fan@test.dev already manages this talent.' });
    expect(await invitationsOf(talentId, 'fan@test.dev')).toHaveLength(1);
    // A manager who got there another way is not invited on top.
    const creator = await admin.client.admin.managers.invite.mutate({ talentId, email: 'creator-b@test.dev' });
    expect(creator.outcome).toBe('alreadyManager');
    expect(await invitationsOf(talentId, 'creator-b@test.dev')).toHaveLength(0);
  });

  it('refuses a bad email and an unknown talent, storing nothing', async () => {
    const bad = await refusal(admin.client.admin.managers.invite.mutate({ talentId: people.talentA.id, email: 'not-an-email' }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { email: ['Please enter a valid email address'] } });
    const blank = await refusal(admin.client.admin.managers.invite.mutate({ talentId: people.talentA.id, email: '  ' }));
    expect(blank.fieldErrors?.email).toEqual(['Required']);
    const unknown = await refusal(admin.client.admin.managers.invite.mutate({ talentId: 'nope', email: 'x@test.dev' }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(await api.database.db.select().from(invitations).where(eq(invitations.email, 'x@test.dev'))).toEqual([]);
  });
});

describe('admin.managers.removeManager and removeInvitation', () => {
  it('removes a manager: the talent leaves their list, their accepted invitation goes', async () => {
    const talentId = people.talentB.id;
    const fan = await signIn(api, people.fan.email as string);
    expect((await fan.client.auth.me.query())?.managedTalentIds).toContain(talentId);

    expect(await admin.client.admin.managers.removeManager.mutate({ talentId, userId: people.fan.id })).toEqual({ ok: true });
    expect((await fan.client.auth.me.query())?.managedTalentIds).toEqual([]);
    const list = await admin.client.admin.managers.list.query({ talentId });
    expect(list.managers.map((manager) => manager.userId)).toEqual([people.creatorB.id]);
    expect(list.invitations).toEqual([]);
    expect(await listRecordedChanges(api.database.db)).toContainEqual({
      entity: 'users',
      rowId: people.fan.id,
      scopes: ['admin', `talent:${talentId}`, `user:${people.fan.id}`],
    });

    const again = await refusal(admin.client.admin.managers.removeManager.mutate({ talentId, userId: people.fan.id }));
    expect(again.code).toBe('NOT_FOUND');
    const unknownTalent = await refusal(
      admin.client.admin.managers.removeManager.mutate({ talentId: 'nope', userId: people.creatorB.id }),
    );
    expect(unknownTalent.code).toBe('NOT_FOUND');
    // Another talent's manager is not this talent's.
    const otherTalent = await refusal(admin.client.admin.managers.removeManager.mutate({ talentId, userId: people.creatorA.id }));
    expect(otherTalent.code).toBe('NOT_FOUND');
    expect(
      (await admin.client.admin.managers.list.query({ talentId: people.talentA.id })).managers.map((m) => m.userId),
    ).toContain(people.creatorA.id);
  });

  it('removes a pending invitation, so signing in with it later gives nothing', async () => {
    const talentId = people.talentB.id;
    await admin.client.admin.managers.invite.mutate({ talentId, email: 'withdrawn@test.dev' });
    const [pending] = (await admin.client.admin.managers.list.query({ talentId })).invitations;
    if (!pending) throw new Error('no invitation listed');

    // Only with its own talent.
    const wrongTalent = await refusal(
      admin.client.admin.managers.removeInvitation.mutate({ talentId: people.talentA.id, invitationId: pending.id }),
    );
    expect(wrongTalent.code).toBe('NOT_FOUND');

    expect(await admin.client.admin.managers.removeInvitation.mutate({ talentId, invitationId: pending.id })).toEqual({
      ok: true,
    });
    expect((await admin.client.admin.managers.list.query({ talentId })).invitations).toEqual([]);
    expect(await listRecordedChanges(api.database.db)).toContainEqual({
      entity: 'invitations',
      rowId: pending.id,
      scopes: ['admin', `talent:${talentId}`],
    });
    const again = await refusal(admin.client.admin.managers.removeInvitation.mutate({ talentId, invitationId: pending.id }));
    expect(again.code).toBe('NOT_FOUND');

    const person = await signIn(api, 'withdrawn@test.dev');
    expect((await person.client.auth.me.query())?.managedTalentIds).toEqual([]);
  });
});

describe('access to admin.managers', () => {
  it('refuses the talent’s own manager and fans (FORBIDDEN) and anonymous callers (UNAUTHORIZED)', async () => {
    const talentId = people.talentA.id;
    const callers: Array<[Caller, string]> = [
      [await signIn(api, people.creatorA.email as string), 'FORBIDDEN'],
      [await signIn(api, people.fan.email as string), 'FORBIDDEN'],
      [createCaller(api), 'UNAUTHORIZED'],
    ];
    for (const [caller, code] of callers) {
      const managers = caller.client.admin.managers;
      expect((await refusal(managers.list.query({ talentId }))).code).toBe(code);
      expect((await refusal(managers.invite.mutate({ talentId, email: 'sneaky@test.dev' }))).code).toBe(code);
      expect((await refusal(managers.removeManager.mutate({ talentId, userId: people.creatorA.id }))).code).toBe(code);
      expect((await refusal(managers.removeInvitation.mutate({ talentId, invitationId: 'any' }))).code).toBe(code);
    }
    expect(await api.database.db.select().from(invitations).where(eq(invitations.email, 'sneaky@test.dev'))).toEqual([]);
    const managers = await api.database.db.select().from(talentManagers).where(eq(talentManagers.talentId, talentId));
    expect(managers.map((row) => row.userId)).toContain(people.creatorA.id);
  });
});
