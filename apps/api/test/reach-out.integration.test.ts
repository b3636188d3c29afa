// The fan's reach-out switch through the real API (docs/reach-out.md): kept on the chat, the
// browser's time zone kept for quiet hours, a bad zone ignored, nobody else's chat reachable.
import { rm } from 'node:fs/promises';
import { chatMessages, chats, fanReminders, newId, reachOuts, seedDemoData, talentConfigs, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatApi } from './chat-fixtures.ts';
import { type Api, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  await api.database.db.insert(talentConfigs).values({ id: people.talentA.id });
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('the fan’s reach-out switch', () => {
  it('turns the twin’s reach-outs off and on, keeps the zone, and is the fan’s alone', async () => {
    const fan = await signIn(api, people.fan.email as string);
    const opened = await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
    const chatId = opened.chat.id;
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: true });

    await fan.client.chat.reachOuts.set.mutate({ chatId, enabled: false, timeZone: 'Europe/Berlin' });
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: false });
    const db = api.database.db;
    const [chat] = await db.select({ offAt: chats.reachOutsOffAt }).from(chats).where(eq(chats.id, chatId));
    expect(chat?.offAt).toBeInstanceOf(Date);
    const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, people.fan.id));
    expect(user?.timeZone).toBe('Europe/Berlin');

    // A zone the runtime does not know changes nothing but the switch.
    await fan.client.chat.reachOuts.set.mutate({ chatId, enabled: true, timeZone: 'Not/AZone' });
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: true });
    const [after] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, people.fan.id));
    expect(after?.timeZone).toBe('Europe/Berlin');

    const other = await signIn(api, people.creatorB.email as string);
    expect(await refusal(other.client.chat.reachOuts.set.mutate({ chatId, enabled: false }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await fan.client.chat.reachOuts.get.query({ chatId })).toEqual({ enabled: true });
  });
});

describe('the fan’s reminders', () => {
  it('lists the reminders still to come, soonest first, and cancels one once; the chat’s fan alone', async () => {
    const fan = await signIn(api, people.fan.email as string);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
    const db = api.database.db;
    const hour = 3_600_000;
    const remind = async (about: string, dueAt: Date) => {
      const messageId = newId();
      await db.insert(chatMessages).values({ id: messageId, chatId: chat.id, senderType: 'USER', text: `remind me ${about}` });
      const id = newId();
      await db
        .insert(fanReminders)
        .values({ id, chatId: chat.id, userId: people.fan.id, talentId: people.talentA.id, messageId, about, dueAt });
      return id;
    };
    const later = await remind('to water the plants', new Date(Date.now() + 48 * hour));
    const sooner = await remind('to call my mom', new Date(Date.now() + 20 * hour));
    const sent = await remind('to stretch', new Date(Date.now() - hour));
    // Sent already: a reach-out of its occasion exists.
    await db.insert(reachOuts).values({
      id: newId(),
      talentId: people.talentA.id,
      userId: people.fan.id,
      chatId: chat.id,
      kind: 'REMIND_ME',
      occasionKey: `remind:${sent}`,
      status: 'SENT',
      sentAt: new Date(),
    });
    const listed = await fan.client.chat.reminders.list.query({ chatId: chat.id });
    expect(listed.reminders.map((reminder) => reminder.about)).toEqual(['to call my mom', 'to water the plants']);

    const other = await signIn(api, people.creatorB.email as string);
    expect(await refusal(other.client.chat.reminders.list.query({ chatId: chat.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(other.client.chat.reminders.cancel.mutate({ chatId: chat.id, reminderId: sooner }))).toMatchObject({
      code: 'NOT_FOUND',
    });

    expect(await fan.client.chat.reminders.cancel.mutate({ chatId: chat.id, reminderId: sooner })).toEqual({ cancelled: true });
    expect(await refusal(fan.client.chat.reminders.cancel.mutate({ chatId: chat.id, reminderId: sooner }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This reminder was already sent or cancelled.',
    });
    expect(await refusal(fan.client.chat.reminders.cancel.mutate({ chatId: chat.id, reminderId: sent }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const after = await fan.client.chat.reminders.list.query({ chatId: chat.id });
    expect(after.reminders.map((reminder) => reminder.id)).toEqual([later]);
  });
});

describe('the creator’s Settings → Reach out', () => {
  it('saves a trigger with its numbers, refuses bad ones with a clear message, counts sent and replied, and is the twin’s managers’ alone', async () => {
    const creator = await signIn(api, people.creatorA.email as string);
    const talentId = people.talentA.id;
    const initial = await creator.client.talent.reachOut.get.query({ talentId });
    expect(initial.triggers.map((t) => [t.kind, t.enabled])).toEqual([
      ['CHECK_IN', false],
      ['THANK_YOU', false],
      ['SUBSCRIPTION_ENDING', false],
      ['SUBSCRIPTION_LAPSED', false],
      ['CUSTOM_DATE', false],
      ['REMIND_ME', false],
    ]);

    const saved = await creator.client.talent.reachOut.update.mutate({
      talentId,
      kind: 'CHECK_IN',
      enabled: true,
      instruction: 'Ask how their week went.',
      minMessages: 3,
      quietDays: 5,
    });
    expect(saved.triggers[0]).toMatchObject({ kind: 'CHECK_IN', enabled: true, minMessages: 3, quietDays: 5 });

    const bad = await refusal(
      creator.client.talent.reachOut.update.mutate({ talentId, kind: 'CHECK_IN', enabled: true, instruction: '', quietDays: 0 }),
    );
    expect(bad.fieldErrors?.quietDays).toEqual(['Enter a number of days from 1 to 90']);
    expect((await creator.client.talent.reachOut.get.query({ talentId })).triggers[0]?.quietDays).toBe(5);

    // One sent check-in the fan wrote back to.
    const db = api.database.db;
    const [chat] = await db.select({ id: chats.id }).from(chats).where(eq(chats.talentId, talentId)).limit(1);
    const chatId = chat?.id as string;
    const sentAt = new Date(Date.now() - 60_000);
    const reachOutId = newId();
    await db.insert(reachOuts).values({
      id: reachOutId,
      talentId,
      userId: people.fan.id,
      chatId,
      kind: 'CHECK_IN',
      occasionKey: 'check-in:test',
      status: 'SENT',
      sentAt,
    });
    await db
      .insert(chatMessages)
      .values({ id: newId(), chatId, senderType: 'TALENT', text: 'How have you been?', reachOutId, createdAt: sentAt });
    await db.insert(chatMessages).values({ id: newId(), chatId, senderType: 'USER', text: 'hey!', createdAt: new Date() });
    // The fan sees the twin's message marked as a reach-out.
    const fan = await signIn(api, people.fan.email as string);
    const { items } = await fan.client.chat.messages.query({ chatId });
    expect(items.find((item) => item.text === 'How have you been?')).toMatchObject({ senderType: 'TALENT', reachOut: true });
    const counted = await creator.client.talent.reachOut.get.query({ talentId });
    expect(counted.triggers[0]?.stats).toEqual({ sent: 1, replied: 1, purchases: 0 });

    const other = await signIn(api, people.creatorB.email as string);
    expect(await refusal(other.client.talent.reachOut.get.query({ talentId }))).toMatchObject({ code: 'FORBIDDEN' });

    // Admins read the same on the talent; creators cannot read the admin's tab.
    const admin = await signIn(api, people.admin.email as string);
    const adminView = await admin.client.admin.talents.reachOut.query({ talentId });
    expect(adminView.triggers[0]).toMatchObject({
      kind: 'CHECK_IN',
      enabled: true,
      stats: { sent: 1, replied: 1, purchases: 0 },
    });
    expect(await refusal(creator.client.admin.talents.reachOut.query({ talentId }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a date the creator chooses', () => {
  it('needs a time and what to say once on, refuses a past time, and keeps the time as an instant with its audience', async () => {
    const creator = await signIn(api, people.creatorA.email as string);
    const talentId = people.talentA.id;
    const custom = (values: Record<string, unknown>) =>
      creator.client.talent.reachOut.update.mutate({ talentId, kind: 'CUSTOM_DATE', enabled: true, instruction: '', ...values });
    const missing = await refusal(custom({}));
    expect(missing.fieldErrors).toMatchObject({
      sendAt: ['Pick the date and time to send'],
      instruction: ['Write what your twin should tell them'],
    });
    const past = await refusal(custom({ sendAt: '2020-01-01T10:00:00Z', instruction: 'My new video is out!' }));
    expect(past.fieldErrors?.sendAt).toEqual(['Pick a time in the future']);
    const garbled = await refusal(custom({ sendAt: 'next friday', instruction: 'My new video is out!' }));
    expect(garbled.fieldErrors?.sendAt).toEqual(['Pick a valid date and time']);
    expect((await creator.client.talent.reachOut.get.query({ talentId })).triggers[4]).toMatchObject({
      enabled: false,
      sendAt: null,
    });

    const saved = await custom({
      sendAt: '2031-03-01T10:00:00+02:00',
      instruction: 'My new video is out!',
      audience: 'SUBSCRIBERS',
    });
    expect(saved.triggers[4]).toMatchObject({
      kind: 'CUSTOM_DATE',
      enabled: true,
      sendAt: '2031-03-01T08:00:00.000Z',
      audience: 'SUBSCRIBERS',
      instruction: 'My new video is out!',
    });
    // Turned off, it needs nothing.
    const off = await creator.client.talent.reachOut.update.mutate({
      talentId,
      kind: 'CUSTOM_DATE',
      enabled: false,
      instruction: '',
    });
    expect(off.triggers[4]?.enabled).toBe(false);
  });
});

describe('the fan’s clock for quiet hours', () => {
  it('is kept from the browser when the chat opens, and an unknown zone is ignored', async () => {
    const db = api.database.db;
    const zoneOf = async () =>
      (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, people.fan.id)))[0]?.timeZone;
    const fan = await signIn(api, people.fan.email as string);
    await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string, timeZone: 'America/Chicago' });
    expect(await zoneOf()).toBe('America/Chicago');
    await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string, timeZone: 'Not/AZone' });
    expect(await zoneOf()).toBe('America/Chicago');
    // An older app that sends no zone leaves the kept one.
    await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
    expect(await zoneOf()).toBe('America/Chicago');
  });
});
