// The creator's own "Chat with your AI" over real HTTP (issue 26 item 9): a manager chatting with
// the twin they manage pays nothing, earns nothing and is not counted as a fan, while a fan's
// chat with the same twin is charged as always.
import { randomUUID } from 'node:crypto';
import { chatMessages, type MessageAttachment, newId, seedDemoData, talentLedger } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTalent,
  failure,
  messagesOf,
  metricsOf,
  runOfflineReply,
  setBalance,
  startChatApi,
  totalFrame,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  // The reply engine reads the app config's prompt templates.
  await seedDemoData(api.database.db);
});
afterAll(() => api?.close());

describe('the creator’s test chat', () => {
  it('lets a manager with 0 credits chat with their twin and get its replies, for free and uncounted', async () => {
    const creator = await signIn(api, 'creator-test-chat@test.dev');
    const creatorId = await userIdOf(api, 'creator-test-chat@test.dev');
    const { talent, tag } = await createTalent(api, { managerIds: [creatorId], creditsToSendMessage: 2 });
    await setBalance(api, creatorId, 0, 0);

    const opened = await creator.client.chat.open.mutate({ talentTag: tag });
    expect(opened.isTestChat).toBe(true);
    expect(opened.talent).toMatchObject({ creditsToSendMessage: 0, creditsToUnlockImage: 0, creditsToUnlockAudio: 0 });

    for (const text of ['testing my twin', 'what do you like to cook?']) {
      const sent = await creator.client.chat.send.mutate({ chatId: opened.chat.id, text, idempotencyKey: randomUUID() });
      expect(sent.reply, 'no out-of-credits answer').toBeUndefined();
      expect(sent.balance).toEqual({ credits: 0, paidCredits: 0 });
      await runOfflineReply(api, filesDir, { chatId: opened.chat.id, messageId: sent.message.id });
    }
    const stored = await messagesOf(api, opened.chat.id);
    const twin = stored.filter((message) => message.senderType === 'TALENT');
    expect(twin, 'the twin answered both').toHaveLength(2);
    expect(twin.every((message) => message.callToAction === null && message.text.length > 0)).toBe(true);
    expect(stored.every((message) => message.spentFreeCredits === 0 && message.spentPaidCredits === 0)).toBe(true);

    // Unlocking a photo or a voice note of the twin is free too.
    const messageId = newId();
    const attachments: MessageAttachment[] = [
      { type: 'IMAGE', filePath: 'talents/x/photo.jpg', dimensions: { width: 10, height: 10 }, isUnlocked: false },
      { type: 'AUDIO', filePath: 'talents/x/note.mp3', isUnlocked: false },
    ];
    await api.database.db
      .insert(chatMessages)
      .values({ id: messageId, chatId: opened.chat.id, senderType: 'TALENT', text: 'look', attachments });
    const page = await creator.client.chat.messages.query({ chatId: opened.chat.id });
    expect(page.items.find((message) => message.id === messageId)?.attachments.map((item) => item.price)).toEqual([0, 0]);
    for (const attachmentId of ['0', '1']) {
      const unlocked = await creator.client.chat.unlock.mutate({ chatId: opened.chat.id, messageId, attachmentId });
      expect(unlocked.attachment.isUnlocked).toBe(true);
    }

    expect(await balanceOf(api, creatorId)).toEqual({ credits: 0, paidCredits: 0 });
    expect(await totalFrame(api, talent.id), 'no earnings').toBeUndefined();
    expect(await api.database.db.select().from(talentLedger).where(eq(talentLedger.talentId, talent.id))).toEqual([]);
    expect(await metricsOf(api, talent.id), 'no engagement counted').toBeUndefined();
  });

  it('still charges a fan of the same twin and answers a fan with 0 credits with the out-of-credits message', async () => {
    const creatorId = await userIdOf(api, 'creator-test-chat@test.dev');
    const { talent, tag } = await createTalent(api, { managerIds: [creatorId] });
    const fan = await signIn(api, 'fan-of-tested-twin@test.dev');
    const fanId = await userIdOf(api, 'fan-of-tested-twin@test.dev');
    await setBalance(api, fanId, 0, 0);
    const opened = await fan.client.chat.open.mutate({ talentTag: tag });
    expect(opened.isTestChat).toBe(false);
    expect(opened.talent.creditsToSendMessage).toBe(1);
    const sent = await fan.client.chat.send.mutate({ chatId: opened.chat.id, text: 'hi', idempotencyKey: randomUUID() });
    expect(sent.reply?.text).toBe('CHECKOUT: get more credits');
    expect(sent.reply?.callToAction).toBe('CHECKOUT');

    // Nor does a manager send into a fan's chat: only the chat's fan sends.
    const creator = await signIn(api, 'creator-test-chat@test.dev');
    const refused = await failure(
      creator.client.chat.send.mutate({ chatId: opened.chat.id, text: 'as creator', idempotencyKey: randomUUID() }),
    );
    expect(refused.code).toBe('FORBIDDEN');
    expect(await totalFrame(api, talent.id)).toBeUndefined();
  });
});
