import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listRecordedChanges, talentConfigs, talents } from '@doppel/db';
import { chatPromptMaxLength, talentMessages } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, png } from './upload-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'doppel-talent-files-'));
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let otherManager: Caller;
let talentId: string;

beforeAll(async () => {
  api = await startApi({ env: { FILES_DIR: filesDir } });
  people = await seedPeople(api);
  talentId = people.talentA.id;
  const { db } = api.database;
  await db
    .update(talents)
    .set({ gender: 'FEMALE', age: 27, initialChatMessages: [{ id: 'welcome1', text: 'Hey there!' }] })
    .where(eq(talents.id, talentId));
  // KNITTING is no longer offered: stored ones load as deprecated and may stay.
  await db
    .insert(talentConfigs)
    .values({ id: talentId, purpose: 'BANTER', personalityTraits: ['SWEET'], interests: ['YOGA', 'KNITTING'] });
  manager = await signIn(api, people.creatorA.email as string);
  otherManager = await signIn(api, people.creatorB.email as string);
});
afterAll(async () => {
  await api.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const update = (fields: Record<string, unknown>, caller = manager) =>
  // biome-ignore lint/suspicious/noExplicitAny: invalid inputs are sent on purpose.
  caller.client.talent.update.mutate({ talentId, ...fields } as any);

describe('talent.get', () => {
  it('returns the twin and its config with share and referral links and deprecated interests marked', async () => {
    const settings = await manager.client.talent.get.query({ talentId });
    expect(settings).toMatchObject({
      id: talentId,
      name: 'Talent A',
      tag: 'talent_a',
      gender: 'FEMALE',
      age: 27,
      creditsToSendMessage: 1,
      creditsToUnlockImage: 5,
      creditsToUnlockAudio: 3,
      purpose: 'BANTER',
      personalityTraits: ['SWEET'],
      interests: [
        { value: 'YOGA', deprecated: false },
        { value: 'KNITTING', deprecated: true },
      ],
      facts: [],
      voice: null,
      staticAttachments: [],
      initialChatMessages: [{ id: 'welcome1', text: 'Hey there!', image: null }],
      chatMessageSuggestions: [],
      hasCustomChatPrompt: false,
      chatPrompt: '',
      shareUrl: `${api.url}/chat/talent_a`,
      referralUrl: `${api.url}/r/talent_a`,
    });
  });

  it('refuses a manager of another twin', async () => {
    expect((await refusal(otherManager.client.talent.get.query({ talentId }))).code).toBe('FORBIDDEN');
  });
});

describe('talent.update: profile', () => {
  it('saves profile fields, records live changes for the twin and admins, and answers the saved settings', async () => {
    const before = await listRecordedChanges(api.database.db);
    const saved = await update({
      name: '  Talent Prime ',
      gender: 'NON_BINARY',
      age: '31',
      purpose: 'EDUCATE',
      personalityTraits: ['FUNNY', 'CARING'],
      interests: ['YOGA', 'KNITTING', 'ART'],
      facts: ['Lives in Lisbon', 'Loves cats'],
      hasCustomChatPrompt: true,
      chatPrompt: 'Be kind.',
    });
    expect(saved).toMatchObject({
      name: 'Talent Prime',
      gender: 'NON_BINARY',
      age: 31,
      purpose: 'EDUCATE',
      personalityTraits: ['FUNNY', 'CARING'],
      facts: ['Lives in Lisbon', 'Loves cats'],
      hasCustomChatPrompt: true,
      chatPrompt: 'Be kind.',
    });
    expect(await manager.client.talent.get.query({ talentId })).toEqual(saved);
    const events = (await listRecordedChanges(api.database.db)).slice(before.length);
    expect(events.map((event) => [event.entity, event.rowId, event.scopes]).sort()).toEqual([
      ['talent_configs', talentId, [`talent:${talentId}`, 'admin']],
      ['talents', talentId, [`talent:${talentId}`, 'admin']],
    ]);
  });

  it('requires a non-empty name and a valid age', async () => {
    expect(await refusal(update({ name: '   ' }))).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { name: ['Required'] } });
    expect((await refusal(update({ age: 17 }))).fieldErrors).toEqual({ age: ['Age must be at least 18'] });
    expect((await refusal(update({ age: '' }))).fieldErrors).toEqual({ age: ['Age is required'] });
  });

  it('limits the custom chat prompt and needs text when it is switched on', async () => {
    expect((await refusal(update({ chatPrompt: 'x'.repeat(chatPromptMaxLength + 1) }))).fieldErrors).toEqual({
      chatPrompt: [talentMessages.chatPromptTooLong],
    });
    expect(await update({ chatPrompt: 'x'.repeat(chatPromptMaxLength) })).toMatchObject({ hasCustomChatPrompt: true });
    expect((await refusal(update({ chatPrompt: '  ' }))).fieldErrors).toEqual({
      chatPrompt: [talentMessages.chatPromptRequired],
    });
    expect(await update({ hasCustomChatPrompt: false, chatPrompt: '' })).toMatchObject({
      hasCustomChatPrompt: false,
      chatPrompt: '',
    });
  });

  it('takes facts one per line as a list of non-empty lines', async () => {
    expect((await refusal(update({ facts: ['ok', ''] }))).fieldErrors).toEqual({ facts: ['Required'] });
    expect((await update({ facts: [' Trims me '] })).facts).toEqual(['Trims me']);
  });

  it('refuses an interest that is not offered unless the twin already had it, and the limits of traits and interests', async () => {
    expect(await refusal(update({ interests: ['YOGA', 'UNDERWATER_CHESS'] }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { interests: ['UNDERWATER_CHESS is not an interest we offer'] },
    });
    expect((await update({ interests: ['KNITTING'] })).interests).toEqual([{ value: 'KNITTING', deprecated: true }]);
    expect((await refusal(update({ interests: [] }))).fieldErrors).toEqual({ interests: ['Please select at least 1 item(s)'] });
    expect((await refusal(update({ personalityTraits: ['SWEET', 'FUNNY', 'CARING', 'GENZ'] }))).fieldErrors).toEqual({
      personalityTraits: ['Please select at most 3 item(s)'],
    });
  });

  it('takes a profile picture only when it was uploaded for this twin', async () => {
    const own = await manager.client.files.upload.mutate({
      ownerId: talentId,
      ownerType: 'TALENT',
      file: fileInput(png(20, 20), 'me.png', 'image/png'),
    });
    const other = await otherManager.client.files.upload.mutate({
      ownerId: people.talentB.id,
      ownerType: 'TALENT',
      file: fileInput(png(20, 20), 'me.png', 'image/png'),
    });
    for (const url of [
      other.url,
      `/files/talents/${talentId}/profile-picture/nothing_here_at_all0.png`,
      'https://example.com/a.png',
    ]) {
      expect((await refusal(update({ profilePictureUrl: url }))).fieldErrors).toEqual({
        profilePictureUrl: [talentMessages.pictureNotFound],
      });
    }
    expect((await update({ profilePictureUrl: own.url })).profilePictureUrl).toBe(own.url);
    expect((await update({ profilePictureUrl: null })).profilePictureUrl).toBeNull();
  });

  it('refuses every update from a manager of another twin and changes nothing', async () => {
    const before = await manager.client.talent.get.query({ talentId });
    expect((await refusal(update({ name: 'Hijacked' }, otherManager))).code).toBe('FORBIDDEN');
    expect(await manager.client.talent.get.query({ talentId })).toEqual(before);
  });
});

describe('talent.update: prices', () => {
  it('takes whole credit prices within the documented limits', async () => {
    const saved = await update({ creditsToSendMessage: 2, creditsToUnlockImage: '8', creditsToUnlockAudio: 1000 });
    expect(saved).toMatchObject({ creditsToSendMessage: 2, creditsToUnlockImage: 8, creditsToUnlockAudio: 1000 });
    expect((await refusal(update({ creditsToSendMessage: 0 }))).fieldErrors).toEqual({
      creditsToSendMessage: ['The price must be at least 1 credit'],
    });
    expect((await refusal(update({ creditsToUnlockImage: 2.5 }))).fieldErrors).toEqual({
      creditsToUnlockImage: ['Enter a whole number of credits'],
    });
    expect((await refusal(update({ creditsToUnlockAudio: 1001 }))).fieldErrors).toEqual({
      creditsToUnlockAudio: ['The price must be at most 1000 credits'],
    });
    expect((await refusal(update({ creditsToSendMessage: '' }))).fieldErrors).toEqual({ creditsToSendMessage: ['Required'] });
  });
});

describe('talent.update: conversation starters', () => {
  it('keeps up to three starters with non-empty text, answers optional, ids given by the server', async () => {
    const saved = await update({
      chatMessageSuggestions: [
        { text: 'What do you do?', answer: 'I teach yoga.' },
        { text: 'Favourite food?', answer: '' },
      ],
    });
    expect(saved.chatMessageSuggestions).toEqual([
      { id: expect.any(String), text: 'What do you do?', answer: 'I teach yoga.' },
      { id: expect.any(String), text: 'Favourite food?', answer: null },
    ]);
    const [first] = saved.chatMessageSuggestions;
    const kept = await update({ chatMessageSuggestions: [{ id: first?.id, text: 'What do you do?' }] });
    expect(kept.chatMessageSuggestions).toEqual([{ id: first?.id, text: 'What do you do?', answer: null }]);
  });

  it('refuses more than three starters and an empty question', async () => {
    const four = ['a', 'b', 'c', 'd'].map((text) => ({ text }));
    expect((await refusal(update({ chatMessageSuggestions: four }))).fieldErrors).toEqual({
      chatMessageSuggestions: [talentMessages.conversationStartersMax],
    });
    expect((await refusal(update({ chatMessageSuggestions: [{ text: '  ' }] }))).fieldErrors).toEqual({
      chatMessageSuggestions: ['Required'],
    });
  });
});

describe('talent.update: welcome messages', () => {
  it('keeps up to three messages; the first stays, others come and go; an image of this twin is stored with its size', async () => {
    const image = await manager.client.files.upload.mutate({
      ownerId: talentId,
      ownerType: 'TALENT',
      purpose: 'gallery',
      file: fileInput(png(64, 48), 'hello.png', 'image/png'),
    });
    const saved = await update({
      initialChatMessages: [
        { id: 'welcome1', text: 'Hey there, welcome!' },
        { text: 'Here is me', image: { filePath: image.filePath } },
      ],
    });
    expect(saved.initialChatMessages).toEqual([
      { id: 'welcome1', text: 'Hey there, welcome!', image: null },
      {
        id: expect.any(String),
        text: 'Here is me',
        image: { filePath: image.filePath, url: image.url, dimensions: { width: 64, height: 48 } },
      },
    ]);
    const [stored] = await api.database.db.select().from(talents).where(eq(talents.id, talentId));
    expect(stored?.initialChatMessages[1]?.attachments).toEqual([
      { type: 'IMAGE', filePath: image.filePath, dimensions: { width: 64, height: 48 }, isUnlocked: true },
    ]);
    expect((await update({ initialChatMessages: [{ id: 'welcome1', text: 'Only me' }] })).initialChatMessages).toHaveLength(1);
  });

  it('refuses to drop or move the first message, more than three, and empty text', async () => {
    const first = { fieldErrors: { initialChatMessages: [talentMessages.firstWelcomeMessageRequired] } };
    expect(await refusal(update({ initialChatMessages: [] }))).toMatchObject(first);
    expect(await refusal(update({ initialChatMessages: [{ text: 'A new first' }] }))).toMatchObject(first);
    expect(await refusal(update({ initialChatMessages: [{ text: 'new' }, { id: 'welcome1', text: 'old' }] }))).toMatchObject(
      first,
    );
    const four = [{ id: 'welcome1', text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }];
    expect((await refusal(update({ initialChatMessages: four }))).fieldErrors).toEqual({
      initialChatMessages: [talentMessages.welcomeMessagesMax],
    });
    expect((await refusal(update({ initialChatMessages: [{ id: 'welcome1', text: ' ' }] }))).fieldErrors).toEqual({
      initialChatMessages: ['Required'],
    });
  });

  it('refuses an image that is not a file of this twin', async () => {
    const other = await otherManager.client.files.upload.mutate({
      ownerId: people.talentB.id,
      ownerType: 'TALENT',
      purpose: 'gallery',
      file: fileInput(png(10, 10), 'x.png', 'image/png'),
    });
    for (const filePath of [other.filePath, `talents/${talentId}/gallery/missing_file_abcdefg.png`, '../../etc/passwd']) {
      expect(
        (await refusal(update({ initialChatMessages: [{ id: 'welcome1', text: 'Hi', image: { filePath } }] }))).fieldErrors,
      ).toEqual({
        initialChatMessages: [talentMessages.imageNotFound],
      });
    }
  });
});
