// Unlocking attachments (once, atomically, at the right price), the access-checked media routes,
// reactions and the dashboard's single-use chat sign-in token, over real HTTP.
import { randomUUID } from 'node:crypto';
import { chatMessages, type MessageAttachment, newId, staticAttachments, talents } from '@doppel/db';
import { createLocalDiskStorage } from '@doppel/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTalent,
  failure,
  freeCredits,
  setBalance,
  startChatApi,
  totalFrame,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, seedPeople, signIn } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let admin: Caller;
let files: ReturnType<typeof createLocalDiskStorage>;

const original = Buffer.from('ORIGINAL-IMAGE');
const blurred = Buffer.from('BLURRED-IMAGE');
const voice = Buffer.from('VOICE-NOTE');

beforeAll(async () => {
  const started = await startChatApi();
  api = started.api;
  files = createLocalDiskStorage(started.filesDir);
  people = await seedPeople(api);
  manager = await signIn(api, 'creator-a@test.dev');
  admin = await signIn(api, 'admin@test.dev');
});
afterAll(() => api?.close());

/** A twin (managed by creator A) with a gallery image and its locked copy on disk. */
async function twinWithGallery() {
  const setup = await createTalent(api, { managerIds: [people.creatorA.id] });
  const image = `talents/${setup.talent.id}/gallery/${newId()}.jpg`;
  const locked = `talents/${setup.talent.id}/gallery/locked/${newId()}.jpg`;
  const audio = `talents/${setup.talent.id}/audio/${newId()}.mp3`;
  await files.put(image, original, 'image/jpeg');
  await files.put(locked, blurred, 'image/jpeg');
  await files.put(audio, voice, 'audio/mpeg');
  await api.database.db.insert(staticAttachments).values({
    talentId: setup.talent.id,
    originalFileName: 'IMG_1.JPG',
    filePath: image,
    lockedFilePath: locked,
    width: 100,
    height: 200,
    context: 'beach',
  });
  return { ...setup, image, audio };
}

/** What the reply job would post: a twin message with a locked image and a locked voice note. */
async function postTwinMessage(chatId: string, image: string, audio: string): Promise<string> {
  const attachments: MessageAttachment[] = [
    { type: 'IMAGE', filePath: image, dimensions: { width: 100, height: 200 }, isUnlocked: false },
    { type: 'AUDIO', filePath: audio, isUnlocked: false },
  ];
  const [row] = await api.database.db
    .insert(chatMessages)
    .values({ chatId, senderType: 'TALENT', text: 'a photo and a voice note for you', attachments })
    .returning({ id: chatMessages.id });
  return row?.id ?? '';
}

async function get(caller: Caller | undefined, path: string) {
  const cookie = caller?.cookie();
  const response = await fetch(`${api.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

describe('chat.unlock', () => {
  it('charges the first-image price once, even for two concurrent unlocks, then the normal price', async () => {
    const { talent, referrer, tag, image, audio } = await twinWithGallery();
    const fan = await signIn(api, 'unlocker@test.dev');
    const fanId = await userIdOf(api, 'unlocker@test.dev');
    await setBalance(api, fanId, 1, 9);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    const messageId = await postTwinMessage(chat.id, image, audio);

    const [page] = [await fan.client.chat.messages.query({ chatId: chat.id })];
    expect(page.items[0]?.attachments).toEqual([
      { id: '0', type: 'IMAGE', isUnlocked: false, url: `/media/${messageId}/0`, width: 100, height: 200, price: 2 },
      { id: '1', type: 'AUDIO', isUnlocked: false, url: null, price: 3 },
    ]);

    const [first, second] = await Promise.all([
      fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '0' }),
      fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '0' }),
    ]);
    expect(first.attachment).toMatchObject({ isUnlocked: true, url: `/media/${messageId}/0`, price: 0 });
    expect(second.attachment.isUnlocked).toBe(true);
    // First image: 2 credits, 1 free then 1 paid; booked once.
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 8 });
    expect(await totalFrame(api, talent.id)).toMatchObject({ grossUnlockImage: 100_000, netUnlockImage: 60_000 });
    expect(await totalFrame(api, referrer.id)).toMatchObject({ grossReferral: 3_000 });

    const unlockedAudio = await fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '1' });
    expect(unlockedAudio).toEqual({
      attachment: { id: '1', type: 'AUDIO', isUnlocked: true, url: `/media/${messageId}/1`, price: 0 },
      balance: { credits: 0, paidCredits: 5 },
    });
    expect(await totalFrame(api, talent.id)).toMatchObject({ grossUnlockAudio: 300_000, grossTotal: 400_000 });

    // The first-image offer is spent: the next image costs the normal 5.
    const nextId = await postTwinMessage(chat.id, image, audio);
    const next = await fan.client.chat.messages.query({ chatId: chat.id });
    expect(next.items.find((item) => item.id === nextId)?.attachments[0]?.price).toBe(5);
    await fan.client.chat.unlock.mutate({ chatId: chat.id, messageId: nextId, attachmentId: '0' });
    expect(await balanceOf(api, fanId)).toEqual({ credits: 0, paidCredits: 0 });
  });

  it('refuses an unlock the fan cannot pay with INSUFFICIENT_CREDITS and charges nothing', async () => {
    const { tag, image, audio } = await twinWithGallery();
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    const messageId = await postTwinMessage(chat.id, image, audio);
    await fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '0' }); // 2 of 3
    const refused = await failure(fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '1' }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', appCode: 'INSUFFICIENT_CREDITS' });
    expect(refused.message).toMatch(/costs 3 credits; you have 1/);
    const page = await fan.client.chat.messages.query({ chatId: chat.id });
    expect(page.items[0]?.attachments[1]?.isUnlocked).toBe(false);
    expect((await fan.client.chat.open.mutate({ talentTag: tag })).balance).toEqual({ credits: freeCredits - 2, paidCredits: 0 });
    expect((await failure(fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '7' }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('media routes', () => {
  it('serves the locked copy before the unlock and the original after, to the chat’s fan only', async () => {
    const { tag, image, audio } = await twinWithGallery();
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    const messageId = await postTwinMessage(chat.id, image, audio);
    const imageUrl = `/media/${messageId}/0`;
    const audioUrl = `/media/${messageId}/1`;

    const before = await get(fan, imageUrl);
    expect(before.status).toBe(200);
    expect(before.body.equals(blurred)).toBe(true);
    expect(before.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(fan, audioUrl)).status).toBe(403);

    await fan.client.chat.unlock.mutate({ chatId: chat.id, messageId, attachmentId: '0' });
    const after = await get(fan, imageUrl);
    expect(after.body.equals(original)).toBe(true);
    expect(after.headers.get('content-type')).toBe('image/jpeg');

    const otherFan = createCaller(api);
    await otherFan.client.chat.open.mutate({ talentTag: tag });
    expect((await get(otherFan, imageUrl)).status).toBe(404);
    expect((await get(undefined, imageUrl)).status).toBe(404);
    expect((await get(fan, `/media/${messageId}/5`)).status).toBe(404);

    // Managers and admins hear the voice note the fan has not unlocked.
    expect((await get(manager, audioUrl)).body.equals(voice)).toBe(true);
    expect((await get(admin, audioUrl)).body.equals(voice)).toBe(true);
    expect((await get(admin, imageUrl)).body.equals(original)).toBe(true);
  });

  it('serves welcome-message images by talent and welcome attachment id', async () => {
    const setup = await createTalent(api, { managerIds: [people.creatorA.id] });
    const image = `talents/${setup.talent.id}/gallery/${newId()}.jpg`;
    await files.put(image, original, 'image/jpeg');
    const welcomeId = newId();
    await api.database.db
      .update(talents)
      .set({
        initialChatMessages: [
          {
            id: welcomeId,
            text: 'hi',
            attachments: [{ type: 'IMAGE', filePath: image, dimensions: { width: 1, height: 1 }, isUnlocked: true }],
          },
        ],
      })
      .where(eq(talents.id, setup.talent.id));
    const opened = await createCaller(api).client.chat.open.mutate({ talentTag: setup.tag });
    const url = opened.welcomeMessages[0]?.attachments[0]?.url ?? '';
    expect((await get(undefined, url)).body.equals(original)).toBe(true);
    expect((await get(undefined, `/media/static/${setup.talent.id}/${welcomeId}.1`)).status).toBe(404);
    expect((await get(undefined, `/media/static/${setup.talent.id}/../etc`)).status).toBe(404);
  });
});

describe('chat.react', () => {
  it('lets the chat’s fan rate the twin’s messages only', async () => {
    const { tag, image, audio } = await twinWithGallery();
    const fan = createCaller(api);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    const twinMessage = await postTwinMessage(chat.id, image, audio);
    const own = await fan.client.chat.send.mutate({ chatId: chat.id, text: 'mine', idempotencyKey: randomUUID() });

    expect(
      await fan.client.chat.react.mutate({
        chatId: chat.id,
        messageId: twinMessage,
        reaction: 'THUMBS_DOWN',
        feedback: ' too short ',
      }),
    ).toEqual({ ok: true });
    let [row] = await api.database.db.select().from(chatMessages).where(eq(chatMessages.id, twinMessage));
    expect(row).toMatchObject({ reaction: 'THUMBS_DOWN', reactionFeedback: 'too short' });
    await fan.client.chat.react.mutate({ chatId: chat.id, messageId: twinMessage, reaction: null, feedback: 'ignored' });
    [row] = await api.database.db.select().from(chatMessages).where(eq(chatMessages.id, twinMessage));
    expect(row).toMatchObject({ reaction: null, reactionFeedback: null });

    const onOwn = await failure(
      fan.client.chat.react.mutate({ chatId: chat.id, messageId: own.message.id, reaction: 'THUMBS_UP' }),
    );
    expect(onOwn.code).toBe('BAD_REQUEST');
    // The out-of-credits prompt speaks as the twin but is the product's, not a reply to rate.
    const [prompt] = await api.database.db
      .insert(chatMessages)
      .values({ chatId: chat.id, senderType: 'TALENT', text: 'Get more credits to keep chatting', callToAction: 'CHECKOUT' })
      .returning({ id: chatMessages.id });
    const onPrompt = await failure(
      fan.client.chat.react.mutate({ chatId: chat.id, messageId: prompt?.id ?? '', reaction: 'THUMBS_DOWN' }),
    );
    expect(onPrompt).toMatchObject({ code: 'BAD_REQUEST', message: 'You can only react to the twin’s replies.' });
    const stranger = createCaller(api);
    await stranger.client.chat.open.mutate({ talentTag: tag });
    expect(
      (await failure(stranger.client.chat.react.mutate({ chatId: chat.id, messageId: twinMessage, reaction: 'THUMBS_UP' }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await failure(manager.client.chat.react.mutate({ chatId: chat.id, messageId: twinMessage, reaction: 'THUMBS_UP' }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('chat sign-in token', () => {
  it('signs the manager in once, for five minutes, and points at the twin’s chat', async () => {
    const { url } = await manager.client.talent.chatAuth.createToken.mutate({ talentId: people.talentA.id });
    expect(url).toMatch(/^\/chat\/talent_a\?token=[a-z0-9]+$/);
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';

    // A browser that opened the chat anonymously first: the link made elsewhere merges nothing
    // (whoever opens a link sent to them keeps their chat out of its owner's account).
    const browser = createCaller(api);
    const anonymousChat = await browser.client.chat.open.mutate({ talentTag: 'talent_a' });
    const signedIn = await browser.client.talent.chatAuth.signIn.mutate({ token });
    expect(signedIn.me.id).toBe(people.creatorA.id);
    expect(signedIn.url).toBe('/chat/talent_a');
    const reopened = await browser.client.chat.open.mutate({ talentTag: 'talent_a' });
    expect(reopened.chat.id).not.toBe(anonymousChat.chat.id);
    expect(reopened.isAnonymous).toBe(false);

    const reused = await failure(createCaller(api).client.talent.chatAuth.signIn.mutate({ token }));
    expect(reused).toMatchObject({ code: 'BAD_REQUEST', appCode: 'SIGN_IN_LINK_INVALID' });
    // A chat token is no magic link, whatever email is tried with it.
    expect(
      (await failure(createCaller(api).client.auth.signInWithLink.mutate({ email: 'creator-a@test.dev', token }))).code,
    ).toBe('BAD_REQUEST');
  });
});
