import { TtsError } from '@doppel/domain/ports';
import { describe, expect, it } from 'vitest';
import { createTts, createUnconfiguredTts, TTS_NOT_CONFIGURED_MESSAGE } from '../tts/create-tts.ts';
import { createLlm } from './create-llm.ts';

describe('createLlm', () => {
  it('is offline without a key or base URL, OpenAI with either', () => {
    expect(createLlm({}).engine).toBe('offline');
    expect(createLlm({ openAiApiKey: '', openAiBaseUrl: null }).engine).toBe('offline');
    expect(createLlm({ openAiApiKey: 'sk-test' }).engine).toBe('openai');
    expect(createLlm({ openAiBaseUrl: 'http://127.0.0.1:9/v1' }).engine).toBe('openai');
  });

  it('asks the moderation endpoint unless told the server has none (OPENAI_MODERATION=off)', () => {
    expect(createLlm({ openAiApiKey: 'sk-test' }).moderate).toBeTypeOf('function');
    expect(createLlm({ openAiBaseUrl: 'http://127.0.0.1:9/v1', openAiModeration: false }).moderate).toBeUndefined();
    expect(createLlm({}).moderate).toBeUndefined();
  });
});

describe('createTts', () => {
  it('is ElevenLabs with a key', () => {
    expect(createTts({ elevenLabsApiKey: 'key' }).engine).toBe('elevenlabs');
  });

  it('is espeak-ng from the lockfile without a key, so voice notes work on any machine', () => {
    expect(createTts({}).engine).toBe('espeak-ng');
    expect(createTts({ elevenLabsApiKey: '' }).engine).toBe('espeak-ng');
  });

  it('without an engine, says voice notes are off', async () => {
    const tts = createUnconfiguredTts();
    expect(tts.engine).toBe('none');
    const voice = { id: 'v', stability: 0.5, similarityBoost: 0.5, style: 0, model: 'eleven_multilingual_v2' };
    const failure = await tts.synthesize({ text: 'hi', voice, speaker: 'Mia Moreno' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TtsError);
    expect(failure).toMatchObject({ code: 'NOT_CONFIGURED', message: TTS_NOT_CONFIGURED_MESSAGE });
  });
});
