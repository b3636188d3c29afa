// The offline voice engine runs espeak-ng from the lockfile inside this process: nothing on PATH,
// no Debian package. Each test proves the WAV it makes would play and says something.
import { TtsError, type VoiceSettings } from '@doppel/domain/ports';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { readWav } from '../testing/wav-info.ts';
import { createTts } from './create-tts.ts';
import { createEspeakWasmTts } from './espeak-wasm-tts.ts';

const voice: VoiceSettings = { id: 'v', stability: 0.5, similarityBoost: 0.7, style: 0, model: 'eleven_multilingual_v2' };

describe('createEspeakWasmTts', () => {
  it('is what createTts picks without an ElevenLabs key', () => {
    expect(createTts({}).engine).toBe('espeak-ng');
  });

  it('speaks a sentence as a 16-bit mono WAV of a few seconds', async () => {
    const audio = await createEspeakWasmTts().synthesize({
      text: "Hey, it's Mia! Thanks for wanting to hear my voice.",
      voice,
      speaker: 'Mia Moreno',
    });
    expect(audio).toMatchObject({ contentType: 'audio/wav', extension: 'wav' });
    const wav = readWav(audio.bytes);
    expect(wav).toMatchObject({ channels: 1, sampleRate: 22_050, bitsPerSample: 16 });
    expect(wav.durationSeconds).toBeGreaterThan(2);
    expect(wav.durationSeconds).toBeLessThan(8);
    // Speech, not silence: the loudest sample is far above the noise floor.
    expect(wav.peak).toBeGreaterThan(3_000);
  });

  it('marks the WAV as AI-made speech of the speaker it was asked for', async () => {
    const audio = await createEspeakWasmTts().synthesize({ text: 'Hi there!', voice, speaker: 'Mia Moreno' });
    const metadata = await parseBuffer(audio.bytes, { mimeType: audio.contentType });
    expect(metadata.common.artist).toBe('Mia Moreno (AI voice)');
    expect(metadata.native['ID3v2.4']).toContainEqual({
      id: 'TXXX:DigitalSourceType',
      value: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
    });
    expect(metadata.native.exif).toContainEqual({ id: 'ISFT', value: 'Doppel text to speech (espeak-ng)' });
  });

  it('speaks lower for a male voice than for a female one', async () => {
    const tts = createEspeakWasmTts();
    const say = (gender: string) =>
      tts.synthesize({
        text: 'Hello, this is how I sound.',
        voice: { ...voice, gender } as VoiceSettings,
        speaker: 'Mia Moreno',
      });
    const [male, female] = [await say('MALE'), await say('FEMALE')];
    expect(pitchOf(male.bytes)).toBeLessThan(150);
    expect(pitchOf(female.bytes)).toBeGreaterThan(170);
  });

  it('says markup in the text instead of obeying it', async () => {
    const tts = createEspeakWasmTts();
    const audio = await tts.synthesize({ text: 'Hi <break time="60s"/> there', voice, speaker: 'Mia Moreno' });
    // Obeyed, the break alone would last a minute.
    expect(readWav(audio.bytes).durationSeconds).toBeLessThan(10);
  });

  it('throws TtsError FAILED when there is nothing to say', async () => {
    const error = await createEspeakWasmTts()
      .synthesize({ text: '   ', voice, speaker: 'Mia Moreno' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TtsError);
    expect(error).toMatchObject({ code: 'FAILED' });
  });
});

/** The median fundamental frequency of the loud parts, by autocorrelation (good enough for male vs female). */
function pitchOf(bytes: Uint8Array): number {
  // The data chunk only: the AI mark's chunks follow it (riff-mark.ts).
  const dataBytes = new DataView(bytes.buffer, bytes.byteOffset).getUint32(40, true);
  const samples = new Int16Array(bytes.slice(44, 44 + dataBytes).buffer);
  const frame = 1024;
  const estimates: number[] = [];
  for (let start = 0; start + frame < samples.length; start += frame) {
    const window = samples.subarray(start, start + frame);
    if (Math.max(...Array.from(window, Math.abs)) < 3_000) continue;
    let best = { score: -Infinity, lag: 0 };
    // 70–500 Hz at 22,050 Hz.
    for (let lag = 44; lag <= 315; lag++) {
      let score = 0;
      for (let index = 0; index + lag < frame; index++) score += (window[index] ?? 0) * (window[index + lag] ?? 0);
      if (score > best.score) best = { score, lag };
    }
    estimates.push(22_050 / best.lag);
  }
  estimates.sort((a, b) => a - b);
  return estimates[Math.floor(estimates.length / 2)] ?? 0;
}
