// The one place that marks synthesized audio: every TtsPort adapter is wrapped here, so whichever
// engine speaks (ElevenLabs MP3, espeak-ng WAV), the bytes leave the port already marked as AI-made.
import { type SynthesizedAudio, TtsError, type TtsPort } from '@doppel/domain/ports';
import type { AiAudioMark } from './ai-mark.ts';
import { markMp3 } from './id3-tag.ts';
import { markWav } from './riff-mark.ts';

/** The audio with the AI mark written into its own container's metadata. */
export function markSynthesizedAudio(audio: SynthesizedAudio, mark: AiAudioMark): SynthesizedAudio {
  switch (audio.extension) {
    case 'mp3':
      return { ...audio, bytes: markMp3(audio.bytes, mark) };
    case 'wav':
      return { ...audio, bytes: markWav(audio.bytes, mark) };
  }
}

/** The port, with every audio it makes marked as AI-generated speech of the speaker it was asked for. */
export function withAiMark(tts: TtsPort): TtsPort {
  return {
    engine: tts.engine,
    synthesize: async (input) => {
      const audio = await tts.synthesize(input);
      try {
        return markSynthesizedAudio(audio, { speaker: input.speaker, engine: tts.engine });
      } catch (error) {
        // Unmarked synthetic speech is never handed out: the caller falls back as for any failed note.
        throw new TtsError(
          'FAILED',
          `the AI mark could not be written: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
