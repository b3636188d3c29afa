// The creator's Conversations through the real API and Postgres: each filter returns exactly the
// chats it names, search finds message text (wildcards literally), paging by keyset, a chat in full
// with reactions, flags, memory and credits spent; and a creator never reaches another twin's chats.
import { boundaryFlags, chatMessages, chats, fanMemories, replyDrafts, users } from '@doppel/db';
import type { ConversationFilter } from '@doppel/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creatorA: Caller;
let creatorB: Caller;
const chatIds: Record<string, string> = {};

/** A fan of `talentId` with one chat whose last activity is `minutesAgo` back. */
async function seedChat(key: string, talentId: string, minutesAgo: number, flags: Partial<typeof chats.$inferInsert> = {}) {
  const { db } = api.database;
  const [fan] = await db
    .insert(users)
    .values({ email: `${key}@fans.test`, name: key === 'nameless' ? '' : `Fan ${key}`, isAnonymous: key === 'nameless' })
    .returning();
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const [chat] = await db
    .insert(chats)
    .values({ talentId, userId: fan?.id as string, hasUserInteraction: true, createdAt: at, updatedAt: at, ...flags })
    .returning();
  chatIds[key] = chat?.id as string;
  return { chatId: chat?.id as string, userId: fan?.id as string, at };
}

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  const { db } = api.database;
  const a = people.talentA.id;
  await seedChat('plain', a, 1);
  const paying = await seedChat('paying', a, 2, { hasUserInteractionWithPaidCredits: true });
  await seedChat('subscriber', a, 3, { hasUserInteractionWithSubscription: true });
  const flagged = await seedChat('flagged', a, 4);
  const thumbs = await seedChat('thumbs', a, 5);
  const nameless = await seedChat('nameless', a, 6);
  const other = await seedChat('otherTwin', people.talentB.id, 0, { hasUserInteractionWithPaidCredits: true });

  const [, , askedFlagged] = await db
    .insert(chatMessages)
    .values([
      {
        chatId: paying.chatId,
        senderType: 'USER',
        text: 'Do you like 100% dark chocolate?',
        spentFreeCredits: 1,
        spentPaidCredits: 2,
        createdAt: new Date(paying.at.getTime() - 2000),
      },
      {
        chatId: paying.chatId,
        senderType: 'TALENT',
        text: 'I adore it.',
        reaction: 'THUMBS_UP',
        createdAt: new Date(paying.at.getTime() - 1000),
      },
      { chatId: flagged.chatId, senderType: 'USER', text: 'Something forbidden' },
      { chatId: thumbs.chatId, senderType: 'TALENT', text: 'A dull answer', reaction: 'THUMBS_DOWN', reactionFeedback: 'Boring' },
      { chatId: other.chatId, senderType: 'USER', text: 'Chocolate for the other twin' },
    ])
    .returning();
  await db.insert(boundaryFlags).values({
    chatId: flagged.chatId,
    messageId: askedFlagged?.id as string,
    talentId: a,
    side: 'FAN',
    reason: 'TOPIC',
    matched: 'forbidden',
  });
  await db.insert(fanMemories).values({ talentId: a, userId: paying.userId, kind: 'NAME', text: 'Name: Pat' });
  // A reply held for approval in one chat; in another, one the creator already rejected.
  const [waiting, rejected] = await db
    .insert(chatMessages)
    .values([
      { chatId: nameless.chatId, senderType: 'USER', text: 'Are you there?', createdAt: new Date(nameless.at.getTime() - 1000) },
      { chatId: chatIds.plain as string, senderType: 'USER', text: 'Hello?', createdAt: new Date(0) },
    ])
    .returning();
  const prompt = { llmType: 'OFFLINE' as const, llmTemperature: 1 };
  await db.insert(replyDrafts).values([
    { chatId: nameless.chatId, talentId: a, fanMessageId: waiting?.id as string, text: 'Yes!', prompt },
    {
      chatId: chatIds.plain as string,
      talentId: a,
      fanMessageId: rejected?.id as string,
      text: 'Hi',
      prompt,
      status: 'REJECTED',
    },
  ]);
  [creatorA, creatorB] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const keysOf = (ids: string[]) => ids.map((id) => Object.entries(chatIds).find(([, chatId]) => chatId === id)?.[0]);

async function listKeys(input: { filter?: ConversationFilter; search?: string }) {
  const page = await creatorA.client.talent.conversations.list.query({ talentId: people.talentA.id, ...input });
  return keysOf(page.items.map((item) => item.id));
}

describe('the creator’s conversation list', () => {
  it('lists only the twin’s chats, newest activity first, fans named without email', async () => {
    const page = await creatorA.client.talent.conversations.list.query({ talentId: people.talentA.id });
    expect(keysOf(page.items.map((item) => item.id))).toEqual(['plain', 'paying', 'subscriber', 'flagged', 'thumbs', 'nameless']);
    expect(JSON.stringify(page)).not.toContain('@fans.test');
    const paying = page.items[1];
    expect(paying).toMatchObject({
      fan: { name: 'Fan paying', isAnonymous: false },
      paying: true,
      lastMessage: { text: 'I adore it.' },
    });
    expect(page.items[5]?.fan).toMatchObject({ name: '', isAnonymous: true });
  });

  it('each filter returns exactly its chats', async () => {
    expect(await listKeys({ filter: 'paying' })).toEqual(['paying']);
    expect(await listKeys({ filter: 'subscribers' })).toEqual(['subscriber']);
    expect(await listKeys({ filter: 'flagged' })).toEqual(['flagged']);
    expect(await listKeys({ filter: 'thumbsDown' })).toEqual(['thumbs']);
    expect(await listKeys({ filter: 'held' })).toEqual(['nameless']);
  });

  it('searches message text case-insensitively, with % taken literally, within the twin only', async () => {
    expect(await listKeys({ search: 'CHOCOLATE' })).toEqual(['paying']);
    expect(await listKeys({ search: '100%' })).toEqual(['paying']);
    expect(await listKeys({ search: '%' })).toEqual(['paying']);
    expect(await listKeys({ search: 'chocolate', filter: 'flagged' })).toEqual([]);
    expect(await listKeys({ search: 'nothing like this' })).toEqual([]);
  });

  it('pages by keyset with Load more and refuses a forged cursor', async () => {
    const first = await creatorA.client.talent.conversations.list.query({ talentId: people.talentA.id, limit: 4 });
    expect(first.items).toHaveLength(4);
    const second = await creatorA.client.talent.conversations.list.query({
      talentId: people.talentA.id,
      limit: 4,
      cursor: first.nextCursor ?? '',
    });
    expect(keysOf(second.items.map((item) => item.id))).toEqual(['thumbs', 'nameless']);
    expect(second.nextCursor).toBeNull();
    expect(
      (await refusal(creatorA.client.talent.conversations.list.query({ talentId: people.talentA.id, cursor: 'forged' }))).code,
    ).toBe('BAD_REQUEST');
  });

  it('explains a bad filter and a too-long search', async () => {
    const bad = await refusal(
      creatorA.client.talent.conversations.list.query({
        talentId: people.talentA.id,
        filter: 'vip' as 'all',
        search: 'x'.repeat(101),
      }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.fieldErrors?.filter?.[0]).toContain('Choose a filter');
    expect(bad.fieldErrors?.search?.[0]).toBe('Search for at most 100 characters.');
  });
});

describe('one conversation in full', () => {
  it('shows messages with reactions and flags, the fan’s memory and the credits spent', async () => {
    const detail = await creatorA.client.talent.conversations.get.query({
      talentId: people.talentA.id,
      chatId: chatIds.paying as string,
    });
    expect(detail.messages.map((message) => [message.senderType, message.text, message.reaction])).toEqual([
      ['USER', 'Do you like 100% dark chocolate?', null],
      ['TALENT', 'I adore it.', 'THUMBS_UP'],
    ]);
    expect(detail.spent).toEqual({ freeCredits: 1, paidCredits: 2 });
    expect(detail.memories.map((memory) => memory.text)).toEqual(['Name: Pat']);
    expect(detail.olderMessageCount).toBe(0);
    expect(JSON.stringify(detail)).not.toContain('@fans.test');

    const flagged = await creatorA.client.talent.conversations.get.query({
      talentId: people.talentA.id,
      chatId: chatIds.flagged as string,
    });
    expect(flagged.chat.flagged).toBe(true);
    expect(flagged.messages[0]?.boundaryFlag).toEqual({ side: 'FAN', reason: 'TOPIC', matched: 'forbidden' });
    const thumbs = await creatorA.client.talent.conversations.get.query({
      talentId: people.talentA.id,
      chatId: chatIds.thumbs as string,
    });
    expect(thumbs.messages[0]).toMatchObject({ reaction: 'THUMBS_DOWN', reactionFeedback: 'Boring' });
  });

  it('carries the newest messages asked for and counts the older ones, so the screen can show more', async () => {
    const scope = { talentId: people.talentA.id, chatId: chatIds.paying as string };
    const newest = await creatorA.client.talent.conversations.get.query({ ...scope, messageLimit: 1 });
    expect(newest.messages.map((message) => message.text)).toEqual(['I adore it.']);
    expect(newest.olderMessageCount).toBe(1);
    const more = await creatorA.client.talent.conversations.get.query({ ...scope, messageLimit: 2 });
    expect(more.messages.map((message) => message.text)).toEqual(['Do you like 100% dark chocolate?', 'I adore it.']);
    expect(more.olderMessageCount).toBe(0);
    const tooMany = await refusal(creatorA.client.talent.conversations.get.query({ ...scope, messageLimit: 10_001 }));
    expect(tooMany.message).toContain('Ask for at most 10,000 messages.');
  });
});

describe('object-level access', () => {
  it('refuses another twin’s creator on list and get, whichever talent id they name', async () => {
    // Naming the other twin: the tier refuses.
    const listOther = await refusal(creatorB.client.talent.conversations.list.query({ talentId: people.talentA.id }));
    expect(listOther.code).toBe('FORBIDDEN');
    const getOther = await refusal(
      creatorB.client.talent.conversations.get.query({ talentId: people.talentA.id, chatId: chatIds.paying as string }),
    );
    expect(getOther.code).toBe('FORBIDDEN');
    // Naming their own twin with another twin's chat: the chat does not exist for them.
    const foreignChat = await refusal(
      creatorB.client.talent.conversations.get.query({ talentId: people.talentB.id, chatId: chatIds.paying as string }),
    );
    expect(foreignChat).toMatchObject({ code: 'NOT_FOUND', message: 'This chat does not exist.' });
    const theirs = await creatorA.client.talent.conversations.get
      .query({ talentId: people.talentA.id, chatId: chatIds.otherTwin as string })
      .catch((error) => error);
    expect(theirs.data?.code).toBe('NOT_FOUND');
    // Their own list never carries the other twin's chats, even by search.
    const ownSearch = await creatorB.client.talent.conversations.list.query({ talentId: people.talentB.id, search: 'chocolate' });
    expect(ownSearch.items.map((item) => item.id)).toEqual([chatIds.otherTwin]);
  });
});
