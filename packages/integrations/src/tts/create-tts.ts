// Picks the text-to-speech engine from plain config (the apps map their env onto it).
import { TtsError, type TtsPort } from '@doppel/domain';
import { createElevenLabsTts } from './elevenlabs-tts.ts';
import { createEspeakTts, isEspeakAvailable } from './espeak-tts.ts';

export type TtsConfig = {
  /** ELEVENLABS_API_KEY: when set, ElevenLabs speaks. */
  elevenLabsApiKey?: string | null;
  /** ELEVENLABS_BASE_URL */
  elevenLabsBaseUrl?: string | null;
  /** The espeak-ng executable for the local fallback; default 'espeak-ng' on PATH. */
  espeakBinary?: string;
};

export const TTS_NOT_CONFIGURED_MESSAGE =
  'Voice notes need ELEVENLABS_API_KEY or espeak-ng installed (apt-get install espeak-ng)';

/** ElevenLabs when a key is given, else espeak-ng when it runs here, else an engine that explains what is missing. */
export const createTts = (config: TtsConfig = {}): TtsPort => {
  if (config.elevenLabsApiKey) return createElevenLabsTts({ apiKey: config.elevenLabsApiKey, baseURL: config.elevenLabsBaseUrl });
  const binary = config.espeakBinary ?? 'espeak-ng';
  if (isEspeakAvailable(binary)) return createEspeakTts({ binary });
  return createUnconfiguredTts();
};

export const createUnconfiguredTts = (): TtsPort => ({
  engine: 'none',
  synthesize: async () => {
    throw new TtsError('NOT_CONFIGURED', TTS_NOT_CONFIGURED_MESSAGE);
  },
});
