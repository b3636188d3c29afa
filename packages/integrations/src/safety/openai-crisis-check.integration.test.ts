// The crisis check with an OpenAI key, through the real `openai` SDK against the local fake's
// POST /v1/moderations: self-harm categories count, other categories do not, the phrase list
// answers first without a call, and a failed call leaves the phrase list's verdict. The endpoint's
// whole verdict comes back with the signal, for the reply job to reuse.
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
  it('reports the self-harm categories the moderation endpoint flags, with its whole verdict', async () => {
    openai.moderate((text) => (text.includes('gone') ? ['self-harm/intent', 'self-harm', 'violence'] : []));
    const checked = await check().check('the pain will stop once I am gone');
    expect(checked.crisis).toEqual({ source: 'MODERATION', matched: 'self-harm, self-harm/intent' });
    expect(checked.moderation?.flagged).toBe(true);
    expect([...(checked.moderation?.categories ?? [])].sort()).toEqual(['self-harm', 'self-harm/intent', 'violence']);
    expect(openai.moderationInputs()).toEqual(['the pain will stop once I am gone']);
  });

  it('ignores every other category for the crisis, and hands them on in the verdict', async () => {
    openai.moderate(() => ['violence', 'harassment', 'sexual']);
    const checked = await check().check('I will fight you at the gym');
    expect(checked.crisis).toBeNull();
    expect(checked.moderation).toMatchObject({ flagged: true });
    expect([...(checked.moderation?.categories ?? [])].sort()).toEqual(['harassment', 'sexual', 'violence']);
    openai.moderate(null);
    expect(await check().check('see you at the gym')).toEqual({ crisis: null, moderation: { flagged: false, categories: [] } });
  });

  it('answers from the phrase list first, without calling the endpoint', async () => {
    expect(await check().check('kms')).toEqual({ crisis: { source: 'PHRASES', matched: 'kms' }, moderation: null });
    expect(openai.moderationInputs()).toEqual([]);
  });

  it('keeps the phrase list’s verdict when the call fails, and says so', async () => {
    const errors: unknown[] = [];
    const unreachable = createCrisisCheck({
      openAiApiKey: 'test-key',
      openAiBaseUrl: 'http://127.0.0.1:9/v1',
      onError: (error) => errors.push(error),
    });
    expect(await unreachable.check('the pain will stop once I am gone')).toEqual({ crisis: null, moderation: null });
    expect(errors).toHaveLength(1);
  });

  it('is the phrase list alone without OpenAI settings or with moderation off', async () => {
    openai.moderate(() => ['self-harm']);
    const nothing = { crisis: null, moderation: null };
    expect(await createCrisisCheck({}).check('hello there')).toEqual(nothing);
    const off = createCrisisCheck({ openAiApiKey: 'k', openAiBaseUrl: openai.url, openAiModeration: false });
    expect(await off.check('hello there')).toEqual(nothing);
    expect(openai.moderationInputs()).toEqual([]);
  });
});
