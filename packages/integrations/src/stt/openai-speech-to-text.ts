// Speech to text over OpenAI's transcription endpoint (POST /v1/audio/transcriptions) with the
// official SDK, configured like the LLM adapter (OPENAI_API_KEY, OPENAI_BASE_URL). The limits are
// checked before any call; provider errors become SpeechToTextError as the LLM adapter maps its own
// (408, 409, 429, 5xx and connection failures retryable; a 429's retry-after kept).
import {
  assertSpeechWithinLimits,
  type SpeechClip,
  type SpeechToText,
  SpeechToTextError,
  type Transcript,
} from '@doppel/domain/ports';
import OpenAI, { toFile } from 'openai';
import { createOpenAiClient } from '../llm/openai-client.ts';
import { retryAfterMs } from '../llm/openai-llm.ts';

export const DEFAULT_TRANSCRIBE_MODEL = 'gpt-4o-mini-transcribe';

export type OpenAiSpeechToTextConfig = {
  apiKey?: string | null | undefined;
  baseURL?: string | null | undefined;
  /** OPENAI_TRANSCRIBE_MODEL; default gpt-4o-mini-transcribe. */
  model?: string | null | undefined;
  timeoutMs?: number;
};

export function createOpenAiSpeechToText(config: OpenAiSpeechToTextConfig): SpeechToText {
  // A two-minute note can take longer than a chat completion's 30 s to upload and transcribe.
  const client = createOpenAiClient({ apiKey: config.apiKey, baseURL: config.baseURL, timeoutMs: config.timeoutMs ?? 60_000 });
  const model = config.model || DEFAULT_TRANSCRIBE_MODEL;
  return {
    engine: 'openai',
    available: true,
    async transcribe(clip: SpeechClip): Promise<Transcript> {
      assertSpeechWithinLimits({ byteLength: clip.bytes.byteLength, durationSeconds: clip.durationSeconds });
      let text: string;
      try {
        const file = await toFile(clip.bytes, clip.fileName, { type: clip.contentType });
        const result = await client.audio.transcriptions.create({ file, model, response_format: 'json' });
        text = result.text;
      } catch (error) {
        throw toSpeechError(error);
      }
      const trimmed = text.trim();
      if (trimmed === '') throw new SpeechToTextError('EMPTY');
      return { text: trimmed };
    },
  };
}

const toSpeechError = (error: unknown): SpeechToTextError => {
  if (error instanceof SpeechToTextError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new SpeechToTextError('FAILED', 'OpenAI transcription timed out', { retryable: true });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new SpeechToTextError('FAILED', `OpenAI transcription could not connect: ${error.message}`, { retryable: true });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    return new SpeechToTextError('FAILED', `OpenAI transcription failed (HTTP ${status ?? 'unknown'}): ${error.message}`, {
      retryable,
      ...(status === 429 ? { rateLimit: { provider: 'openai', retryAfterMs: retryAfterMs(error.headers) } } : {}),
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SpeechToTextError('FAILED', `OpenAI transcription failed: ${message}`, { retryable: true });
};
