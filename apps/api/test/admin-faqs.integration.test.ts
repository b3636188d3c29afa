// The admin FAQ section's procedures over real HTTP: the global list by name with keyset paging,
// create/get/update, refused data that changes nothing, embeddings kept for unchanged questions and
// cleared for edited ones, a talent's own FAQ, and a fan's reply that finds the new item.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { faqItems, faqs, listRecordedChanges, newId, seedDemoData, talentConfigs } from '@doppel/db';
import { answerFanMessage, QuestionVectors } from '@doppel/domain/chat/reply';
// The real offline reply engine, as the worker runs it when no OpenAI settings are configured.
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalance, startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let admin: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

const bulkCount = 120;

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  // 120 global FAQs whose names come in ties of four (the id must break them), and talent FAQs
  // that must never show in the list.
  await api.database.db
    .insert(faqs)
    .values([
      ...Array.from({ length: bulkCount }, (_, i) => ({ name: `Bulk FAQ ${String(Math.floor(i / 4)).padStart(2, '0')}` })),
      { name: 'AAA talent FAQ', talentId: people.talentB.id },
    ]);
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** The expected order, from a plain ORDER BY in SQL (not the procedure's keyset query). */
async function expectedGlobalIds(): Promise<string[]> {
  const rows = await api.database.sql<{ id: string }[]>`select id from faqs where talent_id is null order by name, id`;
  return rows.map((row) => row.id);
}

/** Every global FAQ, following nextCursor to the end. */
async function allGlobalFaqs() {
  const pages = [];
  let cursor: string | null = null;
  do {
    const page = await admin.client.admin.faqs.list.query({ cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

async function storedItems(faqId: string) {
  return api.database.db
    .select({ question: faqItems.question, answer: faqItems.answer, embedding: faqItems.embedding })
    .from(faqItems)
    .where(eq(faqItems.faqId, faqId))
    .orderBy(asc(faqItems.position));
}

describe('admin.faqs.list', () => {
  it('lists every global FAQ once, by name then id, 50 a page, with question counts', async () => {
    const expected = await expectedGlobalIds();
    expect(expected.length).toBeGreaterThan(100);
    const pages = await allGlobalFaqs();
    const items = pages.flatMap((page) => page.items);
    expect(
      items.map((faq) => faq.id),
      'no repeats, no gaps, by name',
    ).toEqual(expected);
    expect(pages).toHaveLength(Math.ceil(expected.length / 50));
    for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(50);
    expect(items.some((faq) => faq.name === 'AAA talent FAQ' || faq.name === 'Mia Moreno')).toBe(false);
    expect(items.find((faq) => faq.name === 'Credits and payments')?.itemCount).toBe(3);
    expect(items.find((faq) => faq.name === 'Bulk FAQ 00')?.itemCount).toBe(0);
  });

  it('refuses a made-up cursor as bad input', async () => {
    expect((await refusal(admin.client.admin.faqs.list.query({ cursor: 'not-a-cursor' }))).code).toBe('BAD_REQUEST');
  });
});

describe('admin.faqs.create, get and update', () => {
  it('creates a global FAQ, saves its items and reads them back in order', async () => {
    const { id } = await admin.client.admin.faqs.create.mutate({ name: '  Shipping  ' });
    const created = await admin.client.admin.faqs.get.query({ id });
    expect(created).toMatchObject({ id, name: 'Shipping', talent: null, items: [] });

    const items = [
      { question: 'Do you ship abroad?', answer: 'Yes, worldwide.' },
      { question: 'How long does it take?', answer: 'About a week.' },
    ];
    const saved = await admin.client.admin.faqs.update.mutate({ id, name: 'Shipping and delivery', items });
    const read = await admin.client.admin.faqs.get.query({ id });
    expect(read).toEqual(saved);
    expect(read.name).toBe('Shipping and delivery');
    expect(read.items.map(({ question, answer }) => ({ question, answer }))).toEqual(items);
    expect(read.items.every((item) => !item.hasEmbedding)).toBe(true);
    const listed = (await allGlobalFaqs()).flatMap((page) => page.items).find((faq) => faq.id === id);
    expect(listed, 'a new global FAQ is listed by name').toMatchObject({ name: 'Shipping and delivery', itemCount: 2 });

    expect(await listRecordedChanges(api.database.db), 'live readers hear of the FAQ and its items').toEqual(
      expect.arrayContaining([
        { entity: 'faqs', rowId: id, scopes: ['admin'] },
        { entity: 'faq_items', rowId: id, scopes: ['admin'] },
      ]),
    );
  });

  it('refuses a blank name, empty data or a bad row with the exact message, and changes nothing', async () => {
    expect(await refusal(admin.client.admin.faqs.create.mutate({ name: '   ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Required',
    });
    const { id } = await admin.client.admin.faqs.create.mutate({ name: 'Untouchable' });
    const before = await admin.client.admin.faqs.update.mutate({
      id,
      name: 'Untouchable',
      items: [{ question: 'Kept?', answer: 'Kept.' }],
    });
    const cases: Array<[unknown, string]> = [
      [[], 'Add at least one question and answer.'],
      [[{ question: 'Fine', answer: '' }], 'Invalid answer at row 2'],
      [
        [
          { question: 'Fine', answer: 'Fine' },
          { question: '  ', answer: 'No question' },
        ],
        'Invalid question at row 3',
      ],
      [[{ question: 'Two\nlines', answer: 'x' }], 'Invalid question at row 1'],
    ];
    for (const [items, message] of cases) {
      const refused = await refusal(
        admin.client.admin.faqs.update.mutate({ id, name: 'Renamed', items: items as { question: string; answer: string }[] }),
      );
      expect(refused, message).toMatchObject({ code: 'BAD_REQUEST', message, fieldErrors: { items: [message] } });
    }
    expect(await refusal(admin.client.admin.faqs.update.mutate({ id, name: '', items: [] }))).toMatchObject({
      fieldErrors: { name: ['Required'], items: ['Add at least one question and answer.'] },
    });
    expect(await admin.client.admin.faqs.get.query({ id }), 'nothing changed').toEqual(before);
  });

  it('keeps the embedding of an unchanged question and clears an edited or new one', async () => {
    const { id } = await admin.client.admin.faqs.create.mutate({ name: 'Vectors' });
    await admin.client.admin.faqs.update.mutate({
      id,
      name: 'Vectors',
      items: [
        { question: 'Unchanged question', answer: 'Old answer' },
        { question: 'Question to edit', answer: 'Same answer' },
      ],
    });
    // As the reply engine stores them once computed.
    await api.database.db
      .update(faqItems)
      .set({ embedding: [0.25, 0.5, 1] })
      .where(eq(faqItems.faqId, id));
    expect((await admin.client.admin.faqs.get.query({ id })).items.map((item) => item.hasEmbedding)).toEqual([true, true]);

    const saved = await admin.client.admin.faqs.update.mutate({
      id,
      name: 'Vectors',
      items: [
        { question: 'A brand new question', answer: 'New' },
        { question: 'Question edited', answer: 'Same answer' },
        // Moved and with a new answer: the question text is the same, so its vector still fits.
        { question: 'Unchanged question', answer: 'New answer' },
      ],
    });
    expect(saved.items.map((item) => [item.question, item.hasEmbedding])).toEqual([
      ['A brand new question', false],
      ['Question edited', false],
      ['Unchanged question', true],
    ]);
    expect(await storedItems(id)).toEqual([
      { question: 'A brand new question', answer: 'New', embedding: null },
      { question: 'Question edited', answer: 'Same answer', embedding: null },
      { question: 'Unchanged question', answer: 'New answer', embedding: [0.25, 0.5, 1] },
    ]);
  });

  it('answers NOT_FOUND for an unknown FAQ', async () => {
    expect((await refusal(admin.client.admin.faqs.get.query({ id: newId() }))).code).toBe('NOT_FOUND');
    const update = admin.client.admin.faqs.update.mutate({ id: newId(), name: 'x', items: [{ question: 'q', answer: 'a' }] });
    expect((await refusal(update)).code).toBe('NOT_FOUND');
  });
});

describe('a talent’s own FAQ (admin.faqs.forTalent)', () => {
  it('creates one FAQ per talent, links it for replies and finds it; a second one is a CONFLICT', async () => {
    const talentId = people.talentA.id;
    expect(await admin.client.admin.faqs.forTalent.query({ talentId })).toEqual({
      talent: { id: talentId, name: 'Talent A' },
      faq: null,
    });
    const { id } = await admin.client.admin.faqs.create.mutate({ name: 'Talent A', talentId });
    const [config] = await api.database.db
      .select({ faqId: talentConfigs.faqId })
      .from(talentConfigs)
      .where(eq(talentConfigs.id, talentId));
    expect(config?.faqId, 'the reply engine finds a talent FAQ through talent_configs.faqId').toBe(id);
    const found = await admin.client.admin.faqs.forTalent.query({ talentId });
    expect(found.faq).toMatchObject({ id, name: 'Talent A', talent: { id: talentId, name: 'Talent A' }, items: [] });

    expect(await refusal(admin.client.admin.faqs.create.mutate({ name: 'Another', talentId }))).toMatchObject({
      code: 'CONFLICT',
      message: 'This talent already has an FAQ.',
    });
    const listed = (await allGlobalFaqs()).flatMap((page) => page.items);
    expect(listed.some((faq) => faq.id === id)).toBe(false);
    expect((await refusal(admin.client.admin.faqs.forTalent.query({ talentId: newId() }))).code).toBe('NOT_FOUND');
    expect((await refusal(admin.client.admin.faqs.create.mutate({ name: 'x', talentId: newId() }))).code).toBe('NOT_FOUND');

    // The seeded Mia's FAQ is linked the same way.
    const [mia] = await api.database.sql<{ id: string }[]>`select id from talents where tag = 'mia'`;
    expect((await admin.client.admin.faqs.forTalent.query({ talentId: mia?.id ?? '' })).faq?.name).toBe('Mia Moreno');
  });

  it('a fan’s reply scores the new item, and an edited question is ranked by its new text', async () => {
    const talentId = people.talentA.id;
    const faqId = (await admin.client.admin.faqs.forTalent.query({ talentId })).faq?.id ?? '';
    await admin.client.admin.faqs.update.mutate({
      id: faqId,
      name: 'Talent A',
      items: [{ question: 'Which surfboard brand do you ride?', answer: 'A yellow Firewire, always.' }],
    });
    const fan = await signIn(api, people.fan.email as string);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: 'talent_a' });
    await setBalance(api, people.fan.id, 10, 0);
    // One memo for both replies, as the worker keeps it between jobs.
    const deps = {
      db: api.database.db,
      llm: createOfflineLlm(),
      tts: createUnconfiguredTts(),
      storage: createLocalDiskStorage(filesDir),
      questionVectors: new QuestionVectors(),
    };
    const promptOf = async (text: string) => {
      const sent = await fan.client.chat.send.mutate({ chatId: chat.id, text, idempotencyKey: randomUUID() });
      const answered = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
      if (answered.status !== 'answered') throw new Error(`no answer: ${answered.status}`);
      const detail = await admin.client.admin.chats.prompt.query({ chatId: chat.id, messageId: answered.replyMessageId });
      return detail.prompt;
    };

    const first = await promptOf('Which surfboard brand do you ride?');
    expect(first?.faqItems[0]).toEqual({ question: 'Which surfboard brand do you ride?', score: expect.closeTo(1, 5) });
    expect((await admin.client.admin.faqs.get.query({ id: faqId })).items[0]?.hasEmbedding, 'stored by the reply').toBe(true);

    await admin.client.admin.faqs.update.mutate({
      id: faqId,
      name: 'Talent A',
      items: [{ question: 'Which hiking trail do you love?', answer: 'Rota Vicentina.' }],
    });
    expect((await storedItems(faqId))[0]?.embedding, 'the edited question has no vector yet').toBeNull();
    const second = await promptOf('Which hiking trail do you love?');
    expect(second?.faqItems[0]).toEqual({ question: 'Which hiking trail do you love?', score: expect.closeTo(1, 5) });
    expect(second?.faqItems.some((item) => item.question.includes('surfboard'))).toBe(false);
    const third = await promptOf('Which surfboard brand do you ride?');
    expect(
      third?.faqItems.some((item) => item.question.includes('surfboard')),
      'the old question is gone',
    ).toBe(false);
  });
});

describe('access', () => {
  it('refuses fans and talent managers (FORBIDDEN) and signed-out callers (UNAUTHORIZED) on every procedure', async () => {
    const [any] = await api.database.db.select({ id: faqs.id }).from(faqs).limit(1);
    const id = any?.id ?? '';
    const talentId = people.talentA.id;
    // Functions, so each call starts only when its refusal is awaited.
    const calls = (caller: Caller) => [
      () => caller.client.admin.faqs.list.query({}),
      () => caller.client.admin.faqs.create.mutate({ name: 'Nope' }),
      () => caller.client.admin.faqs.get.query({ id }),
      () => caller.client.admin.faqs.update.mutate({ id, name: 'Nope', items: [{ question: 'q', answer: 'a' }] }),
      () => caller.client.admin.faqs.forTalent.query({ talentId }),
    ];
    const creator = await signIn(api, people.creatorA.email as string);
    const fan = await signIn(api, people.fan.email as string);
    for (const caller of [creator, fan]) {
      for (const call of calls(caller)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    }
    for (const call of calls(createCaller(api))) expect((await refusal(call())).code).toBe('UNAUTHORIZED');
    expect((await api.database.db.select().from(faqs).where(eq(faqs.name, 'Nope'))).length).toBe(0);
  });
});
