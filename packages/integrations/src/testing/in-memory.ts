// In-process doubles of the ports, for unit tests and benchmarks that want no HTTP at all
// (the HTTP fakes are for tests that must exercise the real SDK and wire protocols).
import {
  LlmError,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type SynthesizedAudio,
  TtsError,
  type TtsPort,
  type VoiceSettings,
} from '@doppel/domain/ports';
import { offlineReply } from '../llm/offline-llm.ts';
import { hashedEmbedding } from '../text/hashed-embedding.ts';
import { FAKE_MP3_BYTES } from './fake-elevenlabs.ts';

export type ScriptedLlm = LlmPort & {
  /** Every request received, in order. */
  requests: LlmRequest[];
  /** Queue the next outcomes: a response (engine defaults to 'openai') or an error to throw. */
  script: (...outcomes: Array<Partial<LlmResponse> | LlmError>) => void;
};

/** An instant LlmPort: answers scripted outcomes first, then like the offline engine (engine 'openai'). */
export const createScriptedLlm = (): ScriptedLlm => {
  const queue: Array<Partial<LlmResponse> | LlmError> = [];
  const requests: LlmRequest[] = [];
  return {
    engine: 'openai',
    requests,
    script: (...outcomes) => {
      queue.push(...outcomes);
    },
    complete: async (request) => {
      requests.push(request);
      const next = queue.shift();
      if (next instanceof LlmError) throw next;
      if (!next) return { ...offlineReply(request), engine: 'openai' };
      return { text: null, functionCall: null, usage: null, engine: 'openai', ...next };
    },
    embed: async (texts) => texts.map((text) => hashedEmbedding(text)),
  };
};

export type RecordingTts = TtsPort & {
  calls: Array<{ text: string; voice: VoiceSettings }>;
  /** Make the next synthesis throw TtsError FAILED. */
  failNext: (message?: string) => void;
};

/** An instant TtsPort returning a few silent MP3 frames; records what it was asked to say. */
export const createRecordingTts = (): RecordingTts => {
  const calls: RecordingTts['calls'] = [];
  const failures: string[] = [];
  return {
    engine: 'elevenlabs',
    calls,
    failNext: (message = 'Fake text-to-speech failure') => {
      failures.push(message);
    },
    synthesize: async (input): Promise<SynthesizedAudio> => {
      calls.push(input);
      const failure = failures.shift();
      if (failure !== undefined) throw new TtsError('FAILED', failure);
      return { bytes: FAKE_MP3_BYTES.slice(), contentType: 'audio/mpeg', extension: 'mp3' };
    },
  };
};
