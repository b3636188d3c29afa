// The crisis check with an OpenAI key, through the real `openai` SDK against the local fake's
// POST /v1/moderations: self-harm categories count, other categories do not, the phrase list
// answers first without a call, and a failed call leaves the phrase list's verdict.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai.ts';
import { createCrisisCheck } from './create-crisis-check.ts';

let openai: FakeOpenAi;
beforeAll(async () => {
  openai = await startFakeOpenAi();
});
afterAll(() => openai?.close());
beforeEach(() => openai.reset());

const check = () => createCrisisCheck({ openAiApiKey: 'test-key', openAiBaseUrl: openai.url });

describe('the OpenAI crisis check', () => {
  it('reports the self-harm categories the moderation endpoint flags', async () => {
    openai.moderate((text) => (text.includes('gone') ? ['self-harm/intent', 'self-harm', 'violence'] : []));
    const signal = await check().check('the pain will stop once I am gone');
    expect(signal).toEqual({ source: 'MODERATION', matched: 'self-harm, self-harm/intent' });
    expect(openai.moderationInputs()).toEqual(['the pain will stop once I am gone']);
  });

  it('ignores every other category', async () => {
    openai.moderate(() => ['violence', 'harassment', 'sexual']);
    expect(await check().check('I will fight you at the gym')).toBeNull();
  });

  it('answers from the phrase list first, without calling the endpoint', async () => {
    expect(await check().check('kms')).toEqual({ source: 'PHRASES', matched: 'kms' });
    expect(openai.moderationInputs()).toEqual([]);
  });

  it('keeps the phrase list’s verdict when the call fails, and says so', async () => {
    const errors: unknown[] = [];
    const unreachable = createCrisisCheck({
      openAiApiKey: 'test-key',
      openAiBaseUrl: 'http://127.0.0.1:9/v1',
      onError: (error) => errors.push(error),
    });
    expect(await unreachable.check('the pain will stop once I am gone')).toBeNull();
    expect(errors).toHaveLength(1);
  });

  it('is the phrase list alone without OpenAI settings or with moderation off', async () => {
    openai.moderate(() => ['self-harm']);
    expect(await createCrisisCheck({}).check('hello there')).toBeNull();
    const off = createCrisisCheck({ openAiApiKey: 'k', openAiBaseUrl: openai.url, openAiModeration: false });
    expect(await off.check('hello there')).toBeNull();
    expect(openai.moderationInputs()).toEqual([]);
  });
});
