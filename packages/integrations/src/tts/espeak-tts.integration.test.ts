// The espeak-ng adapter runs the real binary: `npm test` installs espeak-ng (apt-get install espeak-ng).
import { TtsError, type VoiceSettings } from '@doppel/domain';
import { describe, expect, it } from 'vitest';
import { createTts } from './create-tts.ts';
import { createEspeakTts, isEspeakAvailable } from './espeak-tts.ts';

const voice: VoiceSettings = { id: 'v', stability: 0.5, similarityBoost: 0.7, style: 0, model: 'eleven_multilingual_v2' };

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

describe('createEspeakTts', () => {
  it('is installed here (npm test installs espeak-ng)', () => {
    expect(isEspeakAvailable(), 'espeak-ng is not on PATH: apt-get install -y espeak-ng').toBe(true);
  });

  it('writes a RIFF/WAVE file with audio in it', async () => {
    const tts = createEspeakTts();
    expect(tts.engine).toBe('espeak-ng');
    const audio = await tts.synthesize({ text: "Hey, it's Mia! Thanks for wanting to hear my voice.", voice });
    expect(audio.contentType).toBe('audio/wav');
    expect(audio.extension).toBe('wav');
    expect(ascii(audio.bytes, 0, 4)).toBe('RIFF');
    expect(ascii(audio.bytes, 8, 12)).toBe('WAVE');
    // Well over the 44-byte header: about a second of 22 kHz 16-bit mono.
    expect(audio.bytes.length).toBeGreaterThan(20_000);
  });

  it('speaks with a male or female variant by the voice gender, and text that looks like options', async () => {
    const tts = createEspeakTts();
    const male = await tts.synthesize({ text: '--version -w /etc/passwd', voice: { ...voice, gender: 'MALE' } as VoiceSettings });
    const female = await tts.synthesize({
      text: '--version -w /etc/passwd',
      voice: { ...voice, gender: 'FEMALE' } as VoiceSettings,
    });
    expect(ascii(male.bytes, 0, 4)).toBe('RIFF');
    expect(Buffer.from(male.bytes).equals(Buffer.from(female.bytes))).toBe(false);
  });

  it('is what createTts picks without an ElevenLabs key', () => {
    expect(createTts({}).engine).toBe('espeak-ng');
  });

  it('throws TtsError FAILED when the binary is missing', async () => {
    const tts = createEspeakTts({ binary: 'doppel-no-such-espeak-binary' });
    const error = await tts.synthesize({ text: 'hi', voice }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TtsError);
    expect(error).toMatchObject({ code: 'FAILED' });
  });
});
