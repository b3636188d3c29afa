import { talentConfigs, talents, voices } from '@doppel/db';
import { talentMessages } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let otherManager: Caller;
let talentId: string;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  talentId = people.talentA.id;
  const { db } = api.database;
  await db.update(talents).set({ gender: 'FEMALE' }).where(eq(talents.id, talentId));
  await db.insert(voices).values([
    {
      id: 'voice_rachel',
      name: 'Rachel',
      gender: 'FEMALE',
      sampleFilePath: 'voices/rachel-sample.mp3',
      position: 1,
      stability: 0.4,
    },
    { id: 'voice_bella', name: 'Bella', gender: 'FEMALE', sampleFilePath: null, position: 0 },
    { id: 'voice_adam', name: 'Adam', gender: 'MALE', sampleFilePath: 'voices/adam-sample.mp3', position: 2 },
  ]);
  manager = await signIn(api, people.creatorA.email as string);
  otherManager = await signIn(api, people.creatorB.email as string);
});
afterAll(() => api.close());

describe('talent.voice.list', () => {
  it('offers "No voice" first, then the voices of the twin’s gender in catalogue order with their samples', async () => {
    expect(await manager.client.talent.voice.list.query({ talentId })).toEqual([
      { id: '', name: 'No voice', gender: 'NEUTRAL', sampleUrl: null },
      { id: 'voice_bella', name: 'Bella', gender: 'FEMALE', sampleUrl: null },
      { id: 'voice_rachel', name: 'Rachel', gender: 'FEMALE', sampleUrl: '/files/voices/rachel-sample.mp3' },
    ]);
  });

  it('refuses a manager of another twin', async () => {
    expect((await refusal(otherManager.client.talent.voice.list.query({ talentId }))).code).toBe('FORBIDDEN');
  });
});

describe('talent.voice.set', () => {
  it('stores a copy of a listed voice in the twin’s config and shows it in the settings', async () => {
    expect(await manager.client.talent.voice.set.mutate({ talentId, voiceId: 'voice_rachel' })).toEqual({
      voice: { id: 'voice_rachel', name: 'Rachel', gender: 'FEMALE', sampleUrl: '/files/voices/rachel-sample.mp3' },
    });
    const [config] = await api.database.db.select().from(talentConfigs).where(eq(talentConfigs.id, talentId));
    expect(config?.voice).toEqual({
      id: 'voice_rachel',
      name: 'Rachel',
      gender: 'FEMALE',
      stability: 0.4,
      similarityBoost: 0.7,
      style: 0,
      model: 'eleven_monolingual_v1',
      sampleFilePath: 'voices/rachel-sample.mp3',
    });
    expect((await manager.client.talent.get.query({ talentId })).voice?.id).toBe('voice_rachel');
  });

  it('refuses a voice of another gender and an unknown id, keeping the voice', async () => {
    for (const voiceId of ['voice_adam', 'no_such_voice']) {
      expect(await refusal(manager.client.talent.voice.set.mutate({ talentId, voiceId }))).toEqual({
        code: 'BAD_REQUEST',
        message: talentMessages.voiceNotListed,
        fieldErrors: { voiceId: [talentMessages.voiceNotListed] },
      });
    }
    expect((await manager.client.talent.get.query({ talentId })).voice?.id).toBe('voice_rachel');
  });

  it('clears the voice with "No voice" and needs a voiceId', async () => {
    expect(await manager.client.talent.voice.set.mutate({ talentId, voiceId: '' })).toEqual({ voice: null });
    expect((await manager.client.talent.get.query({ talentId })).voice).toBeNull();
    // biome-ignore lint/suspicious/noExplicitAny: a missing field is sent on purpose.
    expect((await refusal(manager.client.talent.voice.set.mutate({ talentId } as any))).fieldErrors).toEqual({
      voiceId: ['Required'],
    });
  });

  it('works for a twin without a config row, and offers a twin of the other gender its own voices', async () => {
    await api.database.db.update(talents).set({ gender: 'MALE' }).where(eq(talents.id, people.talentB.id));
    const list = await otherManager.client.talent.voice.list.query({ talentId: people.talentB.id });
    expect(list.map((voice) => voice.id)).toEqual(['', 'voice_adam']);
    expect(
      (await otherManager.client.talent.voice.set.mutate({ talentId: people.talentB.id, voiceId: 'voice_adam' })).voice?.id,
    ).toBe('voice_adam');
  });

  it('refuses a manager of another twin', async () => {
    expect((await refusal(otherManager.client.talent.voice.set.mutate({ talentId, voiceId: 'voice_bella' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await manager.client.talent.get.query({ talentId })).voice).toBeNull();
  });
});
