// TtsPort through the ElevenLabs REST API (text-to-speech with the talent's voice and its settings).
import { type SynthesizedAudio, TtsError, type TtsPort } from '@doppel/domain/ports';
import { withAiMark } from './ai-mark/marked-tts.ts';

export const DEFAULT_ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';
export const DEFAULT_ELEVENLABS_TIMEOUT_MS = 60_000;

export type ElevenLabsTtsConfig = {
  /** ELEVENLABS_API_KEY */
  apiKey: string;
  /** ELEVENLABS_BASE_URL, without /v1; default https://api.elevenlabs.io. */
  baseURL?: string | null;
  timeoutMs?: number;
};

/** MP3 voice notes, each carrying the AI mark in its ID3 tag (withAiMark). */
export const createElevenLabsTts = (config: ElevenLabsTtsConfig): TtsPort => withAiMark(elevenLabsTts(config));

const elevenLabsTts = (config: ElevenLabsTtsConfig): TtsPort => {
  const base = (config.baseURL || DEFAULT_ELEVENLABS_BASE_URL).replace(/\/+$/, '');
  return {
    engine: 'elevenlabs',
    synthesize: async ({ text, voice }): Promise<SynthesizedAudio> => {
      const url = `${base}/v1/text-to-speech/${encodeURIComponent(voice.id)}?output_format=mp3_44100_128`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'xi-api-key': config.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
          body: JSON.stringify({
            text,
            model_id: voice.model,
            voice_settings: { stability: voice.stability, similarity_boost: voice.similarityBoost, style: voice.style },
          }),
          signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_ELEVENLABS_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new TtsError('FAILED', `ElevenLabs text to speech could not be reached: ${reason}`);
      }
      if (!response.ok) {
        throw new TtsError(
          'FAILED',
          `ElevenLabs text to speech failed (HTTP ${response.status}): ${await errorDetail(response)}`,
        );
      }
      const contentType = response.headers.get('content-type') ?? '';
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (!contentType.startsWith('audio/') || bytes.length === 0) {
        throw new TtsError('FAILED', `ElevenLabs text to speech returned no audio (content type "${contentType}")`);
      }
      return { bytes, contentType: 'audio/mpeg', extension: 'mp3' };
    },
  };
};

/** ElevenLabs errors look like { detail: { status, message } } or { detail: "…" }; fall back to the raw body. */
const errorDetail = async (response: Response): Promise<string> => {
  const body = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    const detail = parsed.detail;
    if (typeof detail === 'string') return detail;
    if (detail && typeof detail === 'object' && 'message' in detail && typeof detail.message === 'string') return detail.message;
  } catch {
    // Not JSON: use the text.
  }
  return body.slice(0, 300) || response.statusText || 'no details';
};
