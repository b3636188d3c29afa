import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appConfigs, listRecordedChanges, talentConfigs, talentDrafts, talentManagers, talents, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, png } from './upload-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'doppel-onboarding-files-'));
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  api = await startApi({ env: { FILES_DIR: filesDir } });
  people = await seedPeople(api);
});
afterAll(async () => {
  await api.close();
  rmSync(filesDir, { recursive: true, force: true });
});

let counter = 0;
/** A new signed-in user with the given waitlist status. */
async function newUser(waitlistStatus: 'ACCEPTED' | 'PENDING' | null = 'ACCEPTED'): Promise<Caller & { id: string }> {
  counter += 1;
  const email = `onboarding-${counter}@test.dev`;
  const [user] = await api.database.db
    .insert(users)
    .values({ email, name: `User ${counter}`, waitlistStatus })
    .returning();
  return Object.assign(await signIn(api, email), { id: user?.id as string });
}

/** Walks a user's draft through every step with valid answers. */
async function completeDraft(caller: Caller, tag: string): Promise<string> {
  const { draft } = await caller.client.onboarding.create.mutate({ name: 'Nova Star' });
  const id = draft?.id as string;
  const update = (fields: Record<string, unknown>) => caller.client.onboarding.update.mutate({ id, ...fields });
  await update({ profilePictureUrl: null });
  await update({ tag });
  await update({ gender: 'FEMALE', age: '29' });
  await update({ purpose: 'BANTER' });
  await update({ personalityTraits: ['SWEET', 'FUNNY'] });
  await update({ interests: ['YOGA', 'TRAVELING'] });
  await update({ initialChatMessageText: 'Hey! So glad you are here.' });
  return id;
}

describe('onboarding.create: who may start', () => {
  it('refuses a user who is not accepted, and ignores an unknown referral tag', async () => {
    const caller = await newUser('PENDING');
    for (const input of [{ name: 'Nova' }, { name: 'Nova', referralTalentTag: 'nobody_here' }]) {
      expect(await refusal(caller.client.onboarding.create.mutate(input))).toEqual({
        code: 'FORBIDDEN',
        message: 'Join the waitlist first: your account has not been accepted yet.',
        fieldErrors: undefined,
      });
    }
    expect(await caller.client.onboarding.get.query()).toEqual({ draft: null, step: 'name' });
  });

  it('lets an accepted user start: the draft is theirs and resumes at the picture step', async () => {
    const caller = await newUser('ACCEPTED');
    const state = await caller.client.onboarding.create.mutate({ name: '  Nova  ' });
    expect(state.step).toBe('profile-picture');
    expect(state.draft).toMatchObject({ name: 'Nova', tag: null, personalityTraits: [], interests: [] });
    const [row] = await api.database.db.select().from(talentDrafts).where(eq(talentDrafts.userId, caller.id));
    expect(row?.referralTalentId).toBeNull();
  });

  it('lets a referred user who is not accepted start, remembering the inviter (tag matched case-insensitively)', async () => {
    const caller = await newUser(null);
    const state = await caller.client.onboarding.create.mutate({ name: 'Nova', referralTalentTag: 'Talent_A' });
    const [row] = await api.database.db
      .select()
      .from(talentDrafts)
      .where(eq(talentDrafts.id, state.draft?.id as string));
    expect(row?.referralTalentId).toBe(people.talentA.id);
  });

  it('renames the same draft on a second submit (double click) instead of making another', async () => {
    const caller = await newUser();
    const first = await caller.client.onboarding.create.mutate({ name: 'First' });
    const [a, b] = await Promise.all([
      caller.client.onboarding.create.mutate({ name: 'Second' }),
      caller.client.onboarding.create.mutate({ name: 'Second' }),
    ]);
    expect(a.draft?.id).toBe(first.draft?.id);
    expect(b.draft?.id).toBe(first.draft?.id);
    const rows = await api.database.db.select().from(talentDrafts).where(eq(talentDrafts.userId, caller.id));
    expect(rows.map((row) => row.name)).toEqual(['Second']);
  });

  it('checks the name: 2 to 50 characters', async () => {
    const caller = await newUser();
    expect(await refusal(caller.client.onboarding.create.mutate({ name: 'N' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Name must be at least 2 characters',
      fieldErrors: { name: ['Name must be at least 2 characters'] },
    });
    expect((await refusal(caller.client.onboarding.create.mutate({ name: 'n'.repeat(51) }))).message).toBe(
      'Name must be at most 50 characters',
    );
    expect((await caller.client.onboarding.create.mutate({ name: 'n'.repeat(50) })).draft?.name).toHaveLength(50);
  });
});

describe('anonymous fans and onboarding', () => {
  it('refuses an anonymous fan every onboarding call (FORBIDDEN), even with a referral tag, and publishes nothing', async () => {
    const fan = createCaller(api);
    await fan.client.chat.open.mutate({ talentTag: 'talent_a' });
    const fanId = (await fan.client.auth.me.query())?.id as string;
    expect((await fan.client.auth.me.query())?.isAnonymous).toBe(true);

    const calls: Array<[string, () => Promise<unknown>]> = [
      ['get', () => fan.client.onboarding.get.query()],
      ['checkHandle', () => fan.client.onboarding.checkHandle.query({ tag: 'fan_twin' })],
      ['create', () => fan.client.onboarding.create.mutate({ name: 'Fan Twin', referralTalentTag: 'talent_a' })],
      ['update', () => fan.client.onboarding.update.mutate({ id: 'any', tag: 'fan_twin' })],
      ['finish', () => fan.client.onboarding.finish.mutate({ consent: true, id: 'any' })],
    ];
    for (const [name, call] of calls) expect((await refusal(call())).code, `onboarding.${name}`).toBe('FORBIDDEN');
    expect(await api.database.db.select().from(talentDrafts).where(eq(talentDrafts.userId, fanId))).toEqual([]);

    // A complete, referred draft an anonymous fan already holds (made before this rule) is no way in either.
    const [draft] = await api.database.db
      .insert(talentDrafts)
      .values({
        userId: fanId,
        name: 'Fan Twin',
        profilePictureStepDoneAt: new Date(),
        tag: 'fan_twin',
        gender: 'FEMALE',
        age: 25,
        purpose: 'BANTER',
        personalityTraits: ['SWEET'],
        interests: ['YOGA'],
        initialChatMessageText: 'Hi!',
        referralTalentId: people.talentA.id,
      })
      .returning();
    expect((await refusal(fan.client.onboarding.finish.mutate({ consent: true, id: draft?.id as string }))).code).toBe(
      'FORBIDDEN',
    );
    expect(await api.database.db.select().from(talents).where(eq(talents.tag, 'fan_twin'))).toEqual([]);
    expect(await api.database.db.select().from(talentManagers).where(eq(talentManagers.userId, fanId))).toEqual([]);
    // The public referral-tag check stays open: it only tells whether a link names a twin.
    expect(await fan.client.onboarding.checkReferralTag.query({ tag: 'talent_a' })).toEqual({
      valid: true,
      talentName: 'Talent A',
    });
  });
});

describe('onboarding.checkReferralTag', () => {
  it('names the talent of a valid tag, publicly', async () => {
    const anonymous = createCaller(api);
    expect(await anonymous.client.onboarding.checkReferralTag.query({ tag: 'TALENT_A' })).toEqual({
      valid: true,
      talentName: 'Talent A',
    });
    expect(await anonymous.client.onboarding.checkReferralTag.query({ tag: 'ghost' })).toEqual({
      valid: false,
      talentName: null,
    });
  });
});

describe('onboarding.update: each step’s rules on the server', () => {
  let caller: Caller & { id: string };
  let id: string;
  const update = (fields: Record<string, unknown>) => caller.client.onboarding.update.mutate({ id, ...fields } as never);

  beforeAll(async () => {
    caller = await newUser();
    id = (await caller.client.onboarding.create.mutate({ name: 'Rules' })).draft?.id as string;
  });

  it('only touches the caller’s own draft: "Talent ID is not defined" otherwise', async () => {
    const stranger = await newUser();
    expect(await refusal(stranger.client.onboarding.update.mutate({ id, name: 'Hijack' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Talent ID is not defined',
    });
    expect(await refusal(stranger.client.onboarding.finish.mutate({ consent: true, id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Talent ID is not defined',
    });
    expect((await refusal(stranger.client.onboarding.update.mutate({ id: '', name: 'x y' }))).message).toBe(
      'Talent ID is not defined',
    );
    expect((await caller.client.onboarding.get.query()).draft?.name).toBe('Rules');
  });

  it('profile picture: skipping moves on to the handle; a picture must be one uploaded for this draft', async () => {
    expect((await update({ profilePictureUrl: null })).step).toBe('handle');
    expect(await refusal(update({ profilePictureUrl: 'https://evil.example/x.png' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await refusal(update({ profilePictureUrl: `/files/talents/${id}/profile-picture/abc.png` }))).code).toBe(
      'BAD_REQUEST',
    );
    const uploaded = await caller.client.files.upload.mutate({
      ownerId: id,
      ownerType: 'TALENT',
      file: fileInput(png(10, 10), 'me.jpg', 'image/jpeg'),
    });
    const state = await update({ profilePictureUrl: uploaded.url });
    expect(state.draft?.profilePictureUrl).toBe(uploaded.url);
    expect(state.step).toBe('handle');
  });

  it('handle: the rule, reserved words, and uniqueness against talents and other drafts, case-insensitively', async () => {
    const cases: Array<[string, string]> = [
      ['ab', 'Handle must be at least 3 characters'],
      ['a'.repeat(25), 'Handle must be at most 24 characters'],
      ['mia-moreno', 'Handle can only contain letters, numbers and underscores'],
      ['1mia', 'Handle must start with a letter'],
      ['mia__m', 'Handle cannot end with an underscore or have two in a row'],
      ['Admin', 'This handle is reserved'],
    ];
    for (const [tag, message] of cases) {
      expect(await refusal(update({ tag })), tag).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { tag: [message] } });
      expect(await caller.client.onboarding.checkHandle.query({ tag }), tag).toEqual({ available: false, message });
    }
    expect(await refusal(update({ tag: 'TALENT_A' }))).toEqual({
      code: 'CONFLICT',
      message: 'This handle is already taken',
      fieldErrors: { tag: ['This handle is already taken'] },
    });
    const other = await newUser();
    const otherId = (await other.client.onboarding.create.mutate({ name: 'Other' })).draft?.id as string;
    await other.client.onboarding.update.mutate({ id: otherId, tag: 'claimed_one' });
    expect((await refusal(update({ tag: '@Claimed_One' }))).code).toBe('CONFLICT');
    expect(await caller.client.onboarding.checkHandle.query({ tag: 'claimed_ONE' })).toEqual({
      available: false,
      message: 'This handle is already taken',
    });
    expect(await other.client.onboarding.checkHandle.query({ tag: 'claimed_one' })).toEqual({ available: true, message: null });

    expect(await caller.client.onboarding.checkHandle.query({ tag: '@Rules_Twin' })).toEqual({ available: true, message: null });
    const state = await update({ tag: '@Rules_Twin' });
    expect(state.draft?.tag).toBe('rules_twin');
    expect(state.step).toBe('gender-age');
  });

  it('gender: exactly one of the list; age: a whole number 18 to 1000, "Age is required" when empty', async () => {
    expect((await refusal(update({ gender: 'ROBOT', age: 30 }))).fieldErrors).toHaveProperty('gender');
    expect((await refusal(update({ gender: ['MALE', 'FEMALE'], age: 30 }))).fieldErrors).toHaveProperty('gender');
    const ageCases: Array<[unknown, string]> = [
      ['', 'Age is required'],
      [null, 'Age is required'],
      [17, 'Age must be at least 18'],
      [1001, 'Age must be at most 1000'],
      [18.5, 'Age must be a whole number'],
      ['abc', 'Age must be a whole number'],
    ];
    for (const [age, message] of ageCases) {
      expect(await refusal(update({ gender: 'MALE', age })), String(age)).toMatchObject({
        code: 'BAD_REQUEST',
        fieldErrors: { age: [message] },
      });
    }
    expect((await update({ gender: 'NON_BINARY', age: '1000' })).draft).toMatchObject({ gender: 'NON_BINARY', age: 1000 });
    const state = await update({ age: 18 });
    expect(state.draft?.age).toBe(18);
    expect(state.step).toBe('purpose');
  });

  it('purpose: exactly one', async () => {
    expect((await refusal(update({ purpose: 'WORLD_DOMINATION' }))).fieldErrors).toHaveProperty('purpose');
    expect((await refusal(update({ purpose: ['BANTER', 'FLIRT'] }))).fieldErrors).toHaveProperty('purpose');
    expect((await update({ purpose: 'EDUCATE' })).step).toBe('personality-traits');
  });

  it('personality traits: 1 to 3 from the list', async () => {
    expect((await refusal(update({ personalityTraits: [] }))).fieldErrors).toEqual({
      personalityTraits: ['Please select at least 1 item(s)'],
    });
    expect((await refusal(update({ personalityTraits: ['SWEET', 'CARING', 'FUNNY', 'GENZ'] }))).fieldErrors).toEqual({
      personalityTraits: ['Please select at most 3 item(s)'],
    });
    expect((await refusal(update({ personalityTraits: ['GRUMPY'] }))).code).toBe('BAD_REQUEST');
    expect((await update({ personalityTraits: ['SWEET', 'CARING', 'FUNNY'] })).step).toBe('interests');
  });

  it('interests: 1 to 5 offered ones', async () => {
    expect(await refusal(update({ interests: [] }))).toMatchObject({
      message: 'Please select at least 1 item(s)',
      fieldErrors: { interests: ['Please select at least 1 item(s)'] },
    });
    expect((await refusal(update({ interests: ['ART', 'GYM', 'EDM', 'DOGS', 'CATS', 'YOGA'] }))).fieldErrors).toEqual({
      interests: ['Please select at most 5 item(s)'],
    });
    expect(await refusal(update({ interests: ['KNITTING'] }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { interests: ['KNITTING is not an interest we offer'] },
    });
    expect((await update({ interests: ['ART', 'GYM', 'EDM', 'DOGS', 'CATS'] })).step).toBe('initial-chat-message');
  });

  it('greeting: at least one character', async () => {
    expect(await refusal(update({ initialChatMessageText: '   ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { initialChatMessageText: ['Required'] },
    });
    expect((await update({ initialChatMessageText: 'H' })).draft?.initialChatMessageText).toBe('H');
  });
});

describe('onboarding.get: the step comes from the draft', () => {
  it('walks name, picture, handle, gender-age, purpose, traits, interests, greeting', async () => {
    const caller = await newUser();
    const steps: string[] = [(await caller.client.onboarding.get.query()).step];
    const { draft } = await caller.client.onboarding.create.mutate({ name: 'Stepper' });
    const id = draft?.id as string;
    steps.push((await caller.client.onboarding.get.query()).step);
    for (const fields of [
      { profilePictureUrl: null },
      { tag: 'stepper' },
      { gender: 'MALE', age: 40 },
      { purpose: 'FLIRT' },
      { personalityTraits: ['CASUAL'] },
      { interests: ['GYM'] },
    ]) {
      await caller.client.onboarding.update.mutate({ id, ...fields } as never);
      steps.push((await caller.client.onboarding.get.query()).step);
    }
    expect(steps).toEqual([
      'name',
      'profile-picture',
      'handle',
      'gender-age',
      'purpose',
      'personality-traits',
      'interests',
      'initial-chat-message',
    ]);
  });
});

describe('onboarding.finish', () => {
  it('says "Talent ID is not defined" without a draft and "Age is not defined" when the age is empty', async () => {
    const caller = await newUser();
    expect(await refusal(caller.client.onboarding.finish.mutate({ consent: true, id: 'nothing' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Talent ID is not defined',
    });
    const id = await completeDraft(caller, 'ageless');
    await api.database.db.update(talentDrafts).set({ age: null }).where(eq(talentDrafts.id, id));
    expect(await refusal(caller.client.onboarding.finish.mutate({ consent: true, id }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Age is not defined',
      fieldErrors: { age: ['Age is not defined'] },
    });
    const { draft } = await caller.client.onboarding.get.query();
    expect(draft?.id).toBe(id);
    expect(await api.database.db.select().from(talentManagers).where(eq(talentManagers.userId, caller.id))).toEqual([]);
  });

  it('checks every step again before creating anything', async () => {
    const caller = await newUser();
    const { draft } = await caller.client.onboarding.create.mutate({ name: 'Half' });
    const error = await refusal(caller.client.onboarding.finish.mutate({ consent: true, id: draft?.id as string }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(
      ['age', 'gender', 'initialChatMessageText', 'interests', 'personalityTraits', 'purpose', 'tag'].sort(),
    );
    expect(await api.database.db.select().from(talents).where(eq(talents.name, 'Half'))).toEqual([]);
  });

  it('creates the talent, its config and the manager exactly once, and records the changes', async () => {
    const caller = await newUser();
    const id = await completeDraft(caller, 'nova_star');
    const results = await Promise.all([
      caller.client.onboarding.finish.mutate({ consent: true, id }),
      caller.client.onboarding.finish.mutate({ consent: true, id }),
    ]);
    const again = await caller.client.onboarding.finish.mutate({ consent: true, id });
    const talentId = results[0]?.talentId as string;
    expect(results[1]?.talentId).toBe(talentId);
    expect(again.talentId).toBe(talentId);

    const created = await api.database.db.select().from(talents).where(eq(talents.tag, 'nova_star'));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      id: talentId,
      name: 'Nova Star',
      gender: 'FEMALE',
      age: 29,
      isAdult: true,
      creditsToSendMessage: 1,
      creditsToUnlockImage: 5,
      creditsToUnlockAudio: 3,
    });
    expect(created[0]?.initialChatMessages).toEqual([{ id: expect.any(String), text: 'Hey! So glad you are here.' }]);
    const configs = await api.database.db.select().from(talentConfigs).where(eq(talentConfigs.id, talentId));
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({
      purpose: 'BANTER',
      personalityTraits: ['SWEET', 'FUNNY'],
      interests: ['YOGA', 'TRAVELING'],
      revenueSharePpm: 600_000,
      referralTalentId: null,
    });
    expect(await api.database.db.select().from(talentManagers).where(eq(talentManagers.talentId, talentId))).toEqual([
      { userId: caller.id, talentId, createdAt: expect.any(Date) },
    ]);
    const [draft] = await api.database.db.select().from(talentDrafts).where(eq(talentDrafts.id, id));
    expect(draft?.talentId).toBe(talentId);
    expect(draft?.completedAt).toBeInstanceOf(Date);
    expect((await caller.client.auth.me.query())?.managedTalentIds).toEqual([talentId]);

    const events = await listRecordedChanges(api.database.db);
    expect(events).toContainEqual(
      expect.objectContaining({ entity: 'talents', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ entity: 'users', rowId: caller.id, scopes: [`user:${caller.id}`, 'admin'] }),
    );
    expect(events).toContainEqual(expect.objectContaining({ entity: 'talent_drafts', rowId: id, scopes: [`user:${caller.id}`] }));

    // The handle is now the talent's: nobody else can claim it.
    const other = await newUser();
    expect(await other.client.onboarding.checkHandle.query({ tag: 'Nova_Star' })).toMatchObject({ available: false });
    // A finished draft is not edited any more.
    expect((await refusal(caller.client.onboarding.update.mutate({ id, name: 'Renamed' }))).code).toBe('CONFLICT');
  });

  it('links a referred creator to the inviter with the app config’s referral share and accepts them', async () => {
    const fn = { name: 'f', description: 'd', successTextDescription: 's', failureTextDescription: 'f' };
    await api.database.db.insert(appConfigs).values({
      chatPromptTemplate: 't',
      chatPromptTemplateForFaq: 't',
      talentChatPromptTemplate: 't',
      referralRevenueSharePpm: 45_000,
      functionSchemaConfig: { generateImageAttachment: { ...fn, contextDescription: 'c' }, generateAudioAttachment: fn },
    });
    const caller = await newUser(null);
    await caller.client.onboarding.create.mutate({ name: 'Referred', referralTalentTag: 'talent_b' });
    const id = await completeDraft(caller, 'referred_one');
    const { talentId } = await caller.client.onboarding.finish.mutate({ consent: true, id });
    const [talentConfig] = await api.database.db.select().from(talentConfigs).where(eq(talentConfigs.id, talentId));
    expect(talentConfig).toMatchObject({
      referralTalentId: people.talentB.id,
      referralRevenueShareForInviterPpm: 45_000,
      referralRevenueShareForInviteesPpm: 45_000,
    });
    expect((await caller.client.auth.me.query())?.waitlistStatus).toBe('ACCEPTED');
  });
});
