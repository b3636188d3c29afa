// Port of speech to text: what a fan said in a voice note, as text (docs/speech-to-text.md). The
// adapter is OpenAI's transcription endpoint (packages/integrations/src/stt); with no model
// configured the engine is `none`, which transcribes nothing: no speech model ships with the code
// or can be fetched on a bare machine, so every caller answers the fan with a line to type instead.

/** A recorded voice note as it arrives: its bytes, a file name with the format's extension, and its length when the sender said it. */
export type SpeechClip = {
  bytes: Uint8Array;
  /** Such as voice.ogg or voice.webm: the provider reads the format from the extension. */
  fileName: string;
  contentType: string;
  /** Seconds, as the sender declared it (Telegram's `duration`, the browser's recording time); null when unknown. */
  durationSeconds: number | null;
};

export type Transcript = { text: string };

/** A voice note may last this long and weigh this much; longer or heavier ones are refused before any provider call. */
export const speechLimits = { maxDurationSeconds: 120, maxBytes: 10 * 1024 * 1024 } as const;

export type SpeechToTextErrorCode = 'UNAVAILABLE' | 'TOO_LONG' | 'TOO_LARGE' | 'EMPTY' | 'FAILED';

/** The fan-facing line for each refusal (the Telegram bot and the app say the same). */
export const speechMessages: Record<SpeechToTextErrorCode, string> = {
  UNAVAILABLE: "I can't listen to voice notes right now. Type your message and I will answer.",
  TOO_LONG: 'Voice notes can be up to 2 minutes long. Send a shorter one or type your message.',
  TOO_LARGE: 'Voice notes can be up to 10 MB. Send a shorter one or type your message.',
  EMPTY: 'I could not hear any words in that voice note. Try again or type your message.',
  FAILED: "I can't listen to voice notes right now. Type your message and I will answer.",
};

/**
 * A transcription that did not happen. `code` says why (the fan's line is speechMessages[code]);
 * `retryable` and `rateLimit` as LlmError has them (a 429's retry-after kept).
 */
export class SpeechToTextError extends Error {
  readonly code: SpeechToTextErrorCode;
  readonly retryable: boolean;
  readonly rateLimit?: { provider: string; retryAfterMs: number | null };

  constructor(
    code: SpeechToTextErrorCode,
    message: string = speechMessages[code],
    options: { retryable?: boolean; rateLimit?: { provider: string; retryAfterMs: number | null } } = {},
  ) {
    super(message);
    this.name = 'SpeechToTextError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    if (options.rateLimit) this.rateLimit = options.rateLimit;
  }
}

/** Refuses a clip over the limits (or empty) with the fan's line; callers check before downloading too. */
export function assertSpeechWithinLimits(clip: { byteLength: number | null; durationSeconds: number | null }): void {
  if (clip.durationSeconds !== null && clip.durationSeconds > speechLimits.maxDurationSeconds) {
    throw new SpeechToTextError('TOO_LONG');
  }
  if (clip.byteLength !== null && clip.byteLength > speechLimits.maxBytes) throw new SpeechToTextError('TOO_LARGE');
  if (clip.byteLength === 0) throw new SpeechToTextError('EMPTY');
}

/** Speech to text. `available` false: `transcribe` always throws UNAVAILABLE (the app hides its microphone). */
export type SpeechToText = {
  readonly engine: 'openai' | 'none';
  readonly available: boolean;
  /** The words of the clip, trimmed; throws SpeechToTextError (EMPTY when no words were heard). */
  transcribe: (clip: SpeechClip) => Promise<Transcript>;
};
