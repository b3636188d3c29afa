// Picks the speech-to-text engine from plain config (the apps map their env onto it).
import { type SpeechToText, SpeechToTextError } from '@doppel/domain/ports';
import { createOpenAiSpeechToText } from './openai-speech-to-text.ts';

export type SpeechToTextConfig = {
  /** OPENAI_API_KEY */
  openAiApiKey?: string | null | undefined;
  /** OPENAI_BASE_URL: an OpenAI-compatible server with /audio/transcriptions. */
  openAiBaseUrl?: string | null | undefined;
  /** OPENAI_TRANSCRIBE_MODEL; default gpt-4o-mini-transcribe. */
  openAiTranscribeModel?: string | null | undefined;
};

/**
 * OpenAI when a key or a base URL is configured (as for the model), else no engine: there is no
 * offline speech model to fall back on, so voice notes are answered with a line to type instead.
 */
export const createSpeechToText = (config: SpeechToTextConfig = {}): SpeechToText => {
  if (!config.openAiApiKey && !config.openAiBaseUrl) return createUnavailableSpeechToText();
  return createOpenAiSpeechToText({
    apiKey: config.openAiApiKey,
    baseURL: config.openAiBaseUrl,
    model: config.openAiTranscribeModel,
  });
};

/** The offline engine: hears nothing, says so (SpeechToTextError UNAVAILABLE). */
export const createUnavailableSpeechToText = (): SpeechToText => ({
  engine: 'none',
  available: false,
  transcribe: async () => {
    throw new SpeechToTextError('UNAVAILABLE');
  },
});
