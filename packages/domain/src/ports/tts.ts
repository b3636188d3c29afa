/** A voice as the app config stores it (docs/product-rules.md#records, Voice). */
export type VoiceSettings = {
  id: string;
  stability: number;
  similarityBoost: number;
  style: number;
  model: string;
  /** The stored voices carry it; an engine without named voices (espeak-ng) speaks male or female by it. */
  gender?: string | null;
};

export type SynthesizedAudio = { bytes: Uint8Array; contentType: 'audio/mpeg' | 'audio/wav'; extension: 'mp3' | 'wav' };

export type SynthesisInput = {
  text: string;
  voice: VoiceSettings;
  /** Whose AI voice this is (the twin's name; a catalogue voice's name for its sample): the AI mark names it. */
  speaker: string;
};

/**
 * Text to speech: ElevenLabs when configured, else espeak-ng shipped in an npm package; throws
 * TtsError when it fails. The adapters return audio already carrying its machine-readable AI mark
 * (docs/safety.md, "Marked media"), so no caller can store or send unmarked synthetic speech.
 */
export type TtsPort = {
  readonly engine: 'elevenlabs' | 'espeak-ng' | 'none';
  synthesize: (input: SynthesisInput) => Promise<SynthesizedAudio>;
};

export class TtsError extends Error {
  readonly code: 'NOT_CONFIGURED' | 'FAILED';

  constructor(code: 'NOT_CONFIGURED' | 'FAILED', message: string) {
    super(message);
    this.name = 'TtsError';
    this.code = code;
  }
}
