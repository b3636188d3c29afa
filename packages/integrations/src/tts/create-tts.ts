// Picks the text-to-speech engine from plain config (the apps map their env onto it).
import { TtsError, type TtsPort } from '@doppel/domain/ports';
import { createElevenLabsTts } from './elevenlabs-tts.ts';
import { createEspeakWasmTts } from './espeak-wasm-tts.ts';

export type TtsConfig = {
  /** ELEVENLABS_API_KEY: when set, ElevenLabs speaks. */
  elevenLabsApiKey?: string | null;
  /** ELEVENLABS_BASE_URL */
  elevenLabsBaseUrl?: string | null;
};

export const TTS_NOT_CONFIGURED_MESSAGE = 'Voice notes are off: this process was started without a voice engine';

/** ElevenLabs when a key is given, else espeak-ng from the lockfile, which speaks on any machine. */
export const createTts = (config: TtsConfig = {}): TtsPort => {
  if (config.elevenLabsApiKey) return createElevenLabsTts({ apiKey: config.elevenLabsApiKey, baseURL: config.elevenLabsBaseUrl });
  return createEspeakWasmTts();
};

/** For processes and tests that deliberately run without voice: every note falls back to text. */
export const createUnconfiguredTts = (): TtsPort => ({
  engine: 'none',
  synthesize: async () => {
    throw new TtsError('NOT_CONFIGURED', TTS_NOT_CONFIGURED_MESSAGE);
  },
});
