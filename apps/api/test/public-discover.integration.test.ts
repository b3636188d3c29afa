// The public discover feed's cards over real HTTP (issue 26 item 15): each twin's picture address,
// its first welcome words as the intro, its first conversation starter as the sample question, and
// nothing private: no prompt, persona, prices, starter answers or anything of a fan.
import { publicTalents, talentConfigs, talents } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createCaller, seedPeople, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;

const secretPrompt = 'SECRET-PROMPT never shown to visitors';
const secretAnswer = 'SECRET-ANSWER canned reply';
const secretFact = 'SECRET-FACT lives on Elm Street';

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  const { db } = api.database;
  // Talent A has everything a card shows; its first welcome message is a picture without words.
  await db
    .update(talents)
    .set({
      name: 'Mia Moreno',
      profilePictureUrl: 'talents/a/profile.jpg',
      initialChatMessages: [
        { id: 'w1', text: '  ', attachments: [] },
        { id: 'w2', text: 'Hey you!\nAsk me about   surfing.' },
      ],
      chatMessageSuggestions: [
        { id: 's1', text: 'Where are you right now?', answer: secretAnswer },
        { id: 's2', text: 'Second starter' },
      ],
    })
    .where(eq(talents.id, people.talentA.id));
  // Talent B has nothing yet but a handle.
  await db
    .insert(talentConfigs)
    .values([{ id: people.talentA.id, chatPrompt: secretPrompt, facts: [secretFact] }, { id: people.talentB.id }]);
  await db.insert(publicTalents).values([
    { id: people.talentA.id, name: 'Mia Moreno', order: 1, isVisibleRecord: { discoverFeed: true } },
    { id: people.talentB.id, name: 'Talent B', order: 2, isVisibleRecord: { discoverFeed: true } },
  ]);
});
afterAll(() => api?.close());

describe('discover.list', () => {
  it("gives each twin's picture address, intro and sample question", async () => {
    const feed = await createCaller(api).client.discover.list.query();
    expect(feed).toEqual([
      {
        id: people.talentA.id,
        name: 'Mia Moreno',
        tag: 'talent_a',
        pictureUrl: '/files/talents/a/profile.jpg',
        intro: 'Hey you! Ask me about surfing.',
        sampleQuestion: 'Where are you right now?',
      },
      { id: people.talentB.id, name: 'Talent B', tag: 'talent_b', pictureUrl: null, intro: null, sampleQuestion: null },
    ]);
  });

  it('keeps an absolute picture address and clips a long welcome to about two lines', async () => {
    await api.database.db
      .update(talents)
      .set({ profilePictureUrl: 'https://cdn.example.com/b.jpg', initialChatMessages: [{ id: 'w', text: 'long '.repeat(80) }] })
      .where(eq(talents.id, people.talentB.id));
    const twinB = (await createCaller(api).client.discover.list.query()).find((twin) => twin.tag === 'talent_b');
    expect(twinB?.pictureUrl).toBe('https://cdn.example.com/b.jpg');
    expect(twinB?.intro?.length).toBeLessThanOrEqual(160);
    expect(twinB?.intro?.endsWith('long…')).toBe(true);
  });

  it('sends a visitor nothing private', async () => {
    const response = await fetch(`${api.url}/trpc/discover.list`);
    expect(response.status).toBe(200);
    const body = await response.text();
    for (const secret of [secretPrompt, secretAnswer, secretFact, 'Second starter', 'creditsTo', 'chatPrompt', 'answer']) {
      expect(body, secret).not.toContain(secret);
    }
  });
});
