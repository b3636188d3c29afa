// TtsPort through the local espeak-ng binary: robotic but free and offline, so voice notes work in
// development and tests without an ElevenLabs account. Writes a WAV file to a temporary directory.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SynthesizedAudio, TtsError, type TtsPort, type VoiceSettings } from '@doppel/domain';

export type EspeakTtsConfig = {
  /** The espeak-ng executable, looked up on PATH; default 'espeak-ng'. */
  binary?: string;
  /** espeak-ng language; default 'en'. */
  language?: string;
  timeoutMs?: number;
};

/** The voice may carry its gender (the stored TalentVoice does); it picks espeak's female or male variant. */
type VoiceWithGender = VoiceSettings & { gender?: string | null };

const MAX_TEXT_LENGTH = 2_000;

export const createEspeakTts = (config: EspeakTtsConfig = {}): TtsPort => {
  const binary = config.binary ?? 'espeak-ng';
  const language = config.language ?? 'en';
  return {
    engine: 'espeak-ng',
    synthesize: async ({ text, voice }): Promise<SynthesizedAudio> => {
      const directory = await mkdtemp(join(tmpdir(), 'doppel-espeak-'));
      const file = join(directory, 'voice.wav');
      try {
        const variant = variantFor((voice as VoiceWithGender).gender);
        // Stability maps loosely to pitch variation: a steadier voice speaks flatter.
        const pitch = Math.round(35 + (1 - clamp01(voice.stability)) * 30);
        const args = ['-v', `${language}+${variant}`, '-s', '160', '-p', String(pitch), '-w', file, '--stdin'];
        await run(binary, args, text.slice(0, MAX_TEXT_LENGTH), config.timeoutMs ?? 30_000);
        const bytes = new Uint8Array(await readFile(file));
        if (bytes.length < 44) throw new TtsError('FAILED', 'espeak-ng wrote no audio');
        return { bytes, contentType: 'audio/wav', extension: 'wav' };
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
};

/** True when the binary runs (`--version`); how createTts decides to fall back to espeak-ng. */
export const isEspeakAvailable = (binary = 'espeak-ng'): boolean => {
  const result = spawnSync(binary, ['--version'], { stdio: 'ignore', timeout: 5_000 });
  return result.error === undefined && result.status === 0;
};

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

const run = (binary: string, args: string[], input: string, timeoutMs: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'ignore', 'pipe'], timeout: timeoutMs });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error) => reject(new TtsError('FAILED', `espeak-ng could not run (${binary}): ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new TtsError('FAILED', `espeak-ng failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(0, 300)}`));
    });
    // espeak-ng may exit before reading everything; the close handler reports the real outcome.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
