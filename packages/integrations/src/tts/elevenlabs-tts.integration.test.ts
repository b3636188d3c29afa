// The ElevenLabs adapter against the local fake ElevenLabs server.
import { TtsError, type VoiceSettings } from '@doppel/domain/ports';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MP3_BYTES, type FakeElevenLabs, startFakeElevenLabs } from '../testing/index.ts';
import { createTts } from './create-tts.ts';
import { createElevenLabsTts } from './elevenlabs-tts.ts';

const voice: VoiceSettings = {
  id: '21m00Tcm4TlvDq8ikWAM',
  stability: 0.5,
  similarityBoost: 0.75,
  style: 0.2,
  model: 'eleven_multilingual_v2',
};

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs({ apiKey: 'xi-test' });
});
afterAll(() => fake.close());

const failureOf = async (promise: Promise<unknown>): Promise<TtsError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TtsError);
  return error as TtsError;
};

describe('createElevenLabsTts against a fake ElevenLabs server', () => {
  it('posts the text with the voice settings in snake case and returns the MP3 frames behind the AI mark', async () => {
    const tts = createElevenLabsTts({ apiKey: 'xi-test', baseURL: fake.url });
    expect(tts.engine).toBe('elevenlabs');
    const audio = await tts.synthesize({ text: 'Hey, it is Mia!', voice, speaker: 'Mia Moreno' });
    expect(audio.contentType).toBe('audio/mpeg');
    expect(audio.extension).toBe('mp3');
    // The AI mark's ID3 tag comes first; the audio behind it is ElevenLabs' own, byte for byte.
    expect(Buffer.from(audio.bytes.subarray(0, 3)).toString('latin1')).toBe('ID3');
    expect(Buffer.from(audio.bytes.subarray(-FAKE_MP3_BYTES.length)).equals(Buffer.from(FAKE_MP3_BYTES))).toBe(true);
    expect(fake.requests.at(-1)).toEqual({
      voiceId: '21m00Tcm4TlvDq8ikWAM',
      outputFormat: 'mp3_44100_128',
      apiKey: 'xi-test',
      body: {
        text: 'Hey, it is Mia!',
        model_id: 'eleven_multilingual_v2',
        voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0.2 },
      },
    });
  });

  it('marks the MP3 as AI-made speech of the speaker it was asked for', async () => {
    const tts = createElevenLabsTts({ apiKey: 'xi-test', baseURL: fake.url });
    const audio = await tts.synthesize({ text: 'Hey!', voice, speaker: 'Mia Moreno' });
    const metadata = await parseBuffer(audio.bytes, { mimeType: audio.contentType });
    expect(metadata.common.artist).toBe('Mia Moreno (AI voice)');
    expect(metadata.native['ID3v2.4']).toContainEqual({
      id: 'TXXX:DigitalSourceType',
      value: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
    });
    expect(metadata.common.encodersettings).toBe('Doppel text to speech (elevenlabs)');
  });

  it('is what createTts picks when a key is configured', async () => {
    const tts = createTts({ elevenLabsApiKey: 'xi-test', elevenLabsBaseUrl: `${fake.url}/` });
    expect((await tts.synthesize({ text: 'hi', voice, speaker: 'Mia Moreno' })).contentType).toBe('audio/mpeg');
  });

  it('throws TtsError FAILED with the status and the API message for a wrong key', async () => {
    const tts = createElevenLabsTts({ apiKey: 'wrong', baseURL: fake.url });
    const error = await failureOf(tts.synthesize({ text: 'hi', voice, speaker: 'Mia Moreno' }));
    expect(error.code).toBe('FAILED');
    expect(error.message).toContain('401');
    expect(error.message).toContain('Invalid API key');
  });

  it('throws TtsError FAILED for a server error and when the server is unreachable', async () => {
    fake.failNext(503, 'Service overloaded');
    const tts = createElevenLabsTts({ apiKey: 'xi-test', baseURL: fake.url });
    const error = await failureOf(tts.synthesize({ text: 'hi', voice, speaker: 'Mia Moreno' }));
    expect(error.message).toMatch(/503.*Service overloaded/);
    const gone = await startFakeElevenLabs();
    await gone.close();
    const unreachable = await failureOf(
      createElevenLabsTts({ apiKey: 'k', baseURL: gone.url }).synthesize({ text: 'hi', voice, speaker: 'Mia Moreno' }),
    );
    expect(unreachable.code).toBe('FAILED');
  });
});
