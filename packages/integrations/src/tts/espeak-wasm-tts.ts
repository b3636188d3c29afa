/// <reference path="./espeak-ng-emscripten.d.ts" />
// TtsPort through espeak-ng compiled with Emscripten, shipped in an npm package
// (@echogarden/espeak-ng-emscripten, GPL-3.0 like espeak-ng, used as a separate package at run
// time): robotic but free and offline, and installed by the lockfile, so voice notes and voice
// samples work on any machine without an ElevenLabs account or a Debian package.
import { type SynthesizedAudio, TtsError, type TtsPort, type VoiceSettings } from '@doppel/domain/ports';
import type { EspeakNgWorker } from '@echogarden/espeak-ng-emscripten';
import { withAiMark } from './ai-mark/marked-tts.ts';
import { wavFromPcm16 } from './wav.ts';

export type EspeakWasmTtsConfig = {
  /** espeak-ng language; default 'en'. */
  language?: string;
};

/** The voice may carry its gender (the stored TalentVoice does); it picks espeak's female or male variant. */
type VoiceWithGender = VoiceSettings & { gender?: string | null };

/** espeak-ng speaks at this rate with its standard voices. */
const SAMPLE_RATE = 22_050;
const MAX_TEXT_LENGTH = 2_000;
const WORDS_PER_MINUTE = 160;

// Loading reads about 24 MB of voice data: done once per process, and only when something is first
// spoken, so a process that never speaks (the API) never pays for it.
let loading: Promise<EspeakNgWorker> | undefined;

const loadSynthesizer = (): Promise<EspeakNgWorker> => {
  if (!loading) {
    loading = import('@echogarden/espeak-ng-emscripten').then(async ({ default: createModule }) => {
      const module = await createModule({ print: () => {}, printErr: () => {} });
      return new module.eSpeakNGWorker();
    });
    // A failed load is tried again by the next voice note rather than remembered for good.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
};

/** WAV voice notes, each carrying the AI mark in its RIFF metadata (withAiMark). */
export const createEspeakWasmTts = (config: EspeakWasmTtsConfig = {}): TtsPort => withAiMark(espeakWasmTts(config));

const espeakWasmTts = (config: EspeakWasmTtsConfig): TtsPort => {
  const language = config.language ?? 'en';
  return {
    engine: 'espeak-ng',
    synthesize: async ({ text, voice }): Promise<SynthesizedAudio> => {
      // Blank text would make a file of silence: a voice note that says nothing is no voice note.
      if (text.trim() === '') throw new TtsError('FAILED', 'espeak-ng was given nothing to say');
      const synthesizer = await loadSynthesizer().catch((error: unknown) => {
        throw new TtsError('FAILED', `espeak-ng could not load: ${error instanceof Error ? error.message : String(error)}`);
      });
      const variant = variantFor((voice as VoiceWithGender).gender);
      // Stability maps loosely to pitch variation: a steadier voice speaks flatter.
      const pitch = Math.round(35 + (1 - clamp01(voice.stability)) * 30);
      const chunks: Int16Array[] = [];
      try {
        // Synchronous from here to the last chunk, so concurrent notes cannot mix their settings.
        if (synthesizer.set_voice(`${language}+${variant}`) !== 0) throw new Error(`no voice ${language}+${variant}`);
        synthesizer.set_rate(WORDS_PER_MINUTE);
        synthesizer.set_pitch(pitch);
        synthesizer.synthesize(asSsmlText(text.slice(0, MAX_TEXT_LENGTH)), (samples) => {
          if (samples && samples.length > 0) chunks.push(samples);
          return false; // go on
        });
      } catch (error) {
        // An aborted Emscripten module stays broken: the next note loads a fresh one.
        loading = undefined;
        throw new TtsError('FAILED', `espeak-ng failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (chunks.length === 0) throw new TtsError('FAILED', 'espeak-ng made no audio');
      return { bytes: wavFromPcm16(chunks, SAMPLE_RATE), contentType: 'audio/wav', extension: 'wav' };
    },
  };
};

/**
 * The synthesizer reads SSML: the words are escaped so that a `<break time="600s"/>` or `<audio>`
 * in a model's answer is spoken as text, never obeyed.
 */
const asSsmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const variantFor = (gender: string | null | undefined): string => {
  switch (gender?.toUpperCase()) {
    case 'MALE':
      return 'm3';
    case 'NON_BINARY':
      return 'm7';
    default:
      return 'f3';
  }
};

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5);
