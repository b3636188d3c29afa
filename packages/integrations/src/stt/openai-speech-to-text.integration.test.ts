// The real `openai` SDK's transcription call against the local fake OpenAI server (no database needed).
import { type SpeechClip, SpeechToTextError, speechLimits } from '@doppel/domain/ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_TRANSCRIPT, type FakeOpenAi, startFakeOpenAi } from '../testing/index.ts';
import { createSpeechToText } from './create-speech-to-text.ts';

const clip = (overrides: Partial<SpeechClip> = {}): SpeechClip => ({
  bytes: new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3]),
  fileName: 'voice.ogg',
  contentType: 'audio/ogg',
  durationSeconds: 3,
  ...overrides,
});

const failureOf = async (promise: Promise<unknown>): Promise<SpeechToTextError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpeechToTextError);
  return error as SpeechToTextError;
};

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-test' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('speech to text', () => {
  const stt = () => createSpeechToText({ openAiApiKey: 'sk-test', openAiBaseUrl: fake.url });

  it('uploads the clip as the SDK does and answers the transcript, with the default model or the configured one', async () => {
    fake.scriptTranscriptions({ text: '  Hi Mia, how was the beach?  ' });
    expect(await stt().transcribe(clip())).toEqual({ text: 'Hi Mia, how was the beach?' });
    expect(await stt().transcribe(clip())).toEqual({ text: FAKE_TRANSCRIPT });
    const custom = createSpeechToText({ openAiApiKey: 'sk-test', openAiBaseUrl: fake.url, openAiTranscribeModel: 'whisper-1' });
    await custom.transcribe(clip({ fileName: 'note.webm', contentType: 'audio/webm' }));
    expect(fake.transcriptionRequests()).toEqual([
      { model: 'gpt-4o-mini-transcribe', responseFormat: 'json', fileName: 'voice.ogg', contentType: 'audio/ogg', bytes: 7 },
      { model: 'gpt-4o-mini-transcribe', responseFormat: 'json', fileName: 'voice.ogg', contentType: 'audio/ogg', bytes: 7 },
      { model: 'whisper-1', responseFormat: 'json', fileName: 'note.webm', contentType: 'audio/webm', bytes: 7 },
    ]);
  });

  it('maps errors: a 429 keeps its retry-after, a 400 is final, silence is EMPTY', async () => {
    fake.scriptTranscriptions(
      { error: { status: 429, retryAfterSeconds: 7 } },
      { error: { status: 400, message: 'Audio file might be corrupted or unsupported' } },
      { text: ' ' },
    );
    const limited = await failureOf(stt().transcribe(clip()));
    expect(limited).toMatchObject({ code: 'FAILED', retryable: true, rateLimit: { provider: 'openai', retryAfterMs: 7000 } });
    const refused = await failureOf(stt().transcribe(clip()));
    expect(refused).toMatchObject({ code: 'FAILED', retryable: false });
    expect(refused.message).toContain('HTTP 400');
    expect(await failureOf(stt().transcribe(clip()))).toMatchObject({ code: 'EMPTY' });
  });

  it('refuses clips over the limits before any call, and the unconfigured engine is unavailable', async () => {
    const long = await failureOf(stt().transcribe(clip({ durationSeconds: speechLimits.maxDurationSeconds + 1 })));
    expect(long.message).toBe('Voice notes can be up to 2 minutes long. Send a shorter one or type your message.');
    const large = await failureOf(stt().transcribe(clip({ bytes: new Uint8Array(speechLimits.maxBytes + 1) })));
    expect(large.code).toBe('TOO_LARGE');
    expect(fake.transcriptionRequests()).toEqual([]);
    const offline = createSpeechToText({});
    expect(offline).toMatchObject({ engine: 'none', available: false });
    const unavailable = await failureOf(offline.transcribe(clip()));
    expect(unavailable.message).toBe("I can't listen to voice notes right now. Type your message and I will answer.");
  });
});
