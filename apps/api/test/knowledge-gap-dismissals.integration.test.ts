// What the knowledge-gap inbox lists and forgets, through the real API, Postgres and the reply use
// case the worker runs (offline engine): fans' small talk is never listed, their questions are,
// grouped by meaning with the offline hashed vectors; a dismissed group stays hidden on every
// later read, also when a fan asks it again, while a new question still shows. Another twin's
// creator cannot dismiss.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { knowledgeGapDismissals, seedDemoData, talentConfigs } from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
import { createLocalDiskStorage, createOfflineLlm, createUnconfiguredTts } from '@doppel/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creatorA: Caller;
let creatorB: Caller;
const llm = createOfflineLlm();

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  await seedDemoData(api.database.db);
  people = await seedPeople(api);
  await api.database.db.insert(talentConfigs).values([{ id: people.talentA.id }, { id: people.talentB.id }]);
  [creatorA, creatorB] = await Promise.all([
    signIn(api, people.creatorA.email as string),
    signIn(api, people.creatorB.email as string),
  ]);
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** A new anonymous fan sends `text` to twin A; the reply runs as the worker's chat.reply job runs it. */
async function ask(text: string) {
  const fan = createCaller(api);
  const { chat } = await fan.client.chat.open.mutate({ talentTag: people.talentA.tag as string });
  const sent = await fan.client.chat.send.mutate({ chatId: chat.id, text, idempotencyKey: randomUUID() });
  const deps = { db: api.database.db, llm, tts: createUnconfiguredTts(), storage: createLocalDiskStorage(filesDir) };
  const answered = await answerFanMessage(deps, { chatId: chat.id, messageId: sent.message.id });
  if (answered.status !== 'answered') throw new Error(`not answered: ${answered.status}`);
}

const listed = async () =>
  (await creatorA.client.talent.knowledgeGaps.list.query({ talentId: people.talentA.id })).groups.map((group) => [
    group.question,
    group.count,
  ]);

describe('the knowledge-gap inbox lists questions only and remembers dismissals', () => {
  it('lists questions grouped by meaning and none of the small talk', async () => {
    for (const text of [
      'Haha unlocked it, looks great',
      'I’m vegetarian btw',
      'hey Mia!',
      'How are you?',
      'thank you so much 😍',
      'What camera do you use for your videos?',
      'Which camera do you use for your videos',
      'Where do you go on holiday?',
    ]) {
      await ask(text);
    }
    expect(await listed()).toEqual([
      ['Which camera do you use for your videos', 2],
      ['Where do you go on holiday?', 1],
    ]);
  });

  it('hides a dismissed group for good, also when asked again, while new questions show', async () => {
    const talentId = people.talentA.id;
    await creatorA.client.talent.knowledgeGaps.dismiss.mutate({ talentId, question: 'Which camera do you use for your videos' });
    expect(await listed()).toEqual([['Where do you go on holiday?', 1]]);

    // A fan asks it again in nearly the same words, and another asks something new.
    await ask('what camera do you use for videos?');
    await ask('Do you have a dog?');
    expect(await listed()).toEqual([
      ['Do you have a dog?', 1],
      ['Where do you go on holiday?', 1],
    ]);

    // Dismissing the same wording twice keeps one record and changes nothing else.
    await creatorA.client.talent.knowledgeGaps.dismiss.mutate({
      talentId,
      question: ' which camera do you  use for your videos ',
    });
    const rows = await api.database.db.select().from(knowledgeGapDismissals).where(eq(knowledgeGapDismissals.talentId, talentId));
    expect(rows.map((row) => row.questionKey)).toEqual(['which camera do you use for your videos']);
  });

  it('refuses an empty question, another twin’s creator and a signed-out caller, and changes nothing', async () => {
    const talentId = people.talentA.id;
    const empty = await refusal(creatorA.client.talent.knowledgeGaps.dismiss.mutate({ talentId, question: '  ' }));
    expect(empty.code).toBe('BAD_REQUEST');
    const other = await refusal(
      creatorB.client.talent.knowledgeGaps.dismiss.mutate({ talentId, question: 'Do you have a dog?' }),
    );
    expect(other.code).toBe('FORBIDDEN');
    const anonymous = await refusal(
      createCaller(api).client.talent.knowledgeGaps.dismiss.mutate({ talentId, question: 'Do you have a dog?' }),
    );
    expect(anonymous.code).toBe('UNAUTHORIZED');
    expect(await listed()).toEqual([
      ['Do you have a dog?', 1],
      ['Where do you go on holiday?', 1],
    ]);
  });
});
