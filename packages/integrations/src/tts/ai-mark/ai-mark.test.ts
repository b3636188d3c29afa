// The AI mark writers, read back with music-metadata: a tag library the product never writes with,
// so a passing test means other software sees the mark, not just our own parser.
import { type SynthesizedAudio, TtsError, type TtsPort } from '@doppel/domain/ports';
import { type IAudioMetadata, parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { FAKE_MP3_BYTES } from '../../testing/fake-elevenlabs.ts';
import { readWav } from '../../testing/wav-info.ts';
import { wavFromPcm16 } from '../wav.ts';
import { markMp3 } from './id3-tag.ts';
import { markSynthesizedAudio, withAiMark } from './marked-tts.ts';
import { markWav } from './riff-mark.ts';

const IPTC_TRAINED = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
const mark = { speaker: 'Mia Moreno', engine: 'espeak-ng' };
const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const halfSecondWav = () => wavFromPcm16([Int16Array.from({ length: 11_025 }, (_, i) => (i % 50) * 100)], 22_050);

const nativeValue = (metadata: IAudioMetadata, tagType: string, id: string): unknown =>
  metadata.native[tagType]?.find((tag) => tag.id === id)?.value;

/** The XMP packet the ID3 PRIV frame carries, as text. */
const xmpOf = (metadata: IAudioMetadata, tagType: string): string => {
  const priv = nativeValue(metadata, tagType, 'PRIV') as { owner_identifier: string; data: Uint8Array } | undefined;
  expect(priv?.owner_identifier).toBe('XMP');
  return Buffer.from(priv?.data ?? new Uint8Array()).toString('utf8');
};

describe('markMp3', () => {
  it('puts an ID3v2.4 tag before the frames that names the speaker and the IPTC digital source type', async () => {
    const marked = markMp3(FAKE_MP3_BYTES, mark);
    const metadata = await parseBuffer(marked, { mimeType: 'audio/mpeg' });
    expect(metadata.format.tagTypes).toContain('ID3v2.4');
    expect(metadata.format.container).toBe('MPEG');
    expect(metadata.common.artist).toBe('Mia Moreno (AI voice)');
    expect(metadata.common.title).toBe('AI-generated speech: Mia Moreno');
    expect(metadata.common.comment?.[0]?.text).toContain(IPTC_TRAINED);
    expect(nativeValue(metadata, 'ID3v2.4', 'TXXX:DigitalSourceType')).toBe(IPTC_TRAINED);
    const xmp = xmpOf(metadata, 'ID3v2.4');
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${IPTC_TRAINED}"`);
    expect(xmp).toContain('<rdf:li>Mia Moreno (AI voice)</rdf:li>');
    // The audio itself is untouched.
    expect(Buffer.from(marked.subarray(-FAKE_MP3_BYTES.length)).equals(Buffer.from(FAKE_MP3_BYTES))).toBe(true);
  });

  it('replaces a tag the engine wrote, so players read ours', async () => {
    const engineTag = markMp3(FAKE_MP3_BYTES, { speaker: 'Someone Else', engine: 'elevenlabs' });
    const marked = markMp3(engineTag, mark);
    expect(marked.length).toBe(markMp3(FAKE_MP3_BYTES, mark).length);
    const metadata = await parseBuffer(marked, { mimeType: 'audio/mpeg' });
    expect(metadata.common.artist).toBe('Mia Moreno (AI voice)');
    expect(JSON.stringify(metadata.native)).not.toContain('Someone Else');
  });

  it('keeps any name exactly (UTF-8) and escapes it in the XMP', async () => {
    const metadata = await parseBuffer(markMp3(FAKE_MP3_BYTES, { speaker: 'Zoë <&> 李', engine: 'elevenlabs' }), {
      mimeType: 'audio/mpeg',
    });
    expect(metadata.common.artist).toBe('Zoë <&> 李 (AI voice)');
    expect(xmpOf(metadata, 'ID3v2.4')).toContain('<rdf:li>Zoë &lt;&amp;&gt; 李 (AI voice)</rdf:li>');
  });
});

describe('markWav', () => {
  it('adds RIFF INFO, an id3 chunk and XMP after the samples, and the file still plays the same', async () => {
    const original = halfSecondWav();
    const marked = markWav(original, mark);
    // Header and data chunk are where they were, byte for byte.
    expect(Buffer.from(marked.subarray(12, original.length)).equals(Buffer.from(original.subarray(12)))).toBe(true);
    expect(readWav(marked)).toEqual(readWav(original));

    const metadata = await parseBuffer(marked, { mimeType: 'audio/wav' });
    expect(metadata.format).toMatchObject({ container: 'WAVE', sampleRate: 22_050, numberOfChannels: 1 });
    expect(metadata.format.duration).toBeCloseTo(0.5, 3);
    expect(nativeValue(metadata, 'exif', 'IART')).toBe('Mia Moreno (AI voice)');
    expect(nativeValue(metadata, 'exif', 'ICMT')).toContain(IPTC_TRAINED);
    expect(nativeValue(metadata, 'exif', 'ISFT')).toBe('Doppel text to speech (espeak-ng)');
    expect(nativeValue(metadata, 'ID3v2.4', 'TXXX:DigitalSourceType')).toBe(IPTC_TRAINED);
    expect(nativeValue(metadata, 'ID3v2.4', 'TPE1')).toBe('Mia Moreno (AI voice)');
    const pmx = ascii(marked).indexOf('_PMX');
    expect(pmx).toBeGreaterThan(original.length);
    expect(ascii(marked.subarray(pmx))).toContain(`Iptc4xmpExt:DigitalSourceType="${IPTC_TRAINED}"`);
  });

  it('says one thing when marked twice, and keeps chunks that are not its own', async () => {
    const cue = Uint8Array.from([...Buffer.from('LIST'), 8, 0, 0, 0, ...Buffer.from('adtl'), 0, 0, 0, 0]);
    const original = halfSecondWav();
    const withCue = new Uint8Array(original.length + cue.length);
    withCue.set(original);
    withCue.set(cue, original.length);
    new DataView(withCue.buffer).setUint32(4, withCue.length - 8, true);

    const once = markWav(withCue, mark);
    const twice = markWav(markWav(withCue, { speaker: 'Someone Else', engine: 'x' }), mark);
    expect(Buffer.from(twice).equals(Buffer.from(once))).toBe(true);
    expect(ascii(once)).toContain('adtl');
    expect(readWav(once).durationSeconds).toBeCloseTo(0.5, 3);
  });

  it('writes a name outside ISO 8859-1 as ? in INFO and exactly in the id3 chunk', async () => {
    const metadata = await parseBuffer(markWav(halfSecondWav(), { speaker: 'Zoë 李', engine: 'espeak-ng' }), {
      mimeType: 'audio/wav',
    });
    expect(nativeValue(metadata, 'exif', 'IART')).toBe('Zoë ? (AI voice)');
    expect(nativeValue(metadata, 'ID3v2.4', 'TPE1')).toBe('Zoë 李 (AI voice)');
  });

  it('refuses bytes that are not a WAV file', () => {
    expect(() => markWav(FAKE_MP3_BYTES, mark)).toThrow('not a RIFF/WAVE file');
  });
});

describe('withAiMark', () => {
  const portReturning = (audio: SynthesizedAudio): TtsPort => ({ engine: 'espeak-ng', synthesize: async () => audio });
  const voice = { id: 'v', stability: 0.5, similarityBoost: 0.5, style: 0, model: 'm' };

  it('marks what the engine made with the speaker asked for and the engine that spoke', async () => {
    const tts = withAiMark(portReturning({ bytes: halfSecondWav(), contentType: 'audio/wav', extension: 'wav' }));
    const audio = await tts.synthesize({ text: 'hi', voice, speaker: 'Leo Park' });
    expect(audio).toMatchObject({ contentType: 'audio/wav', extension: 'wav' });
    const metadata = await parseBuffer(audio.bytes, { mimeType: 'audio/wav' });
    expect(nativeValue(metadata, 'ID3v2.4', 'TPE1')).toBe('Leo Park (AI voice)');
    expect(nativeValue(metadata, 'ID3v2.4', 'TSSE')).toBe('Doppel text to speech (espeak-ng)');
  });

  it('fails the note (TtsError FAILED) rather than hand out audio it cannot mark', async () => {
    const tts = withAiMark(portReturning({ bytes: FAKE_MP3_BYTES, contentType: 'audio/wav', extension: 'wav' }));
    const error = await tts.synthesize({ text: 'hi', voice, speaker: 'Leo Park' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TtsError);
    expect(error).toMatchObject({ code: 'FAILED', message: expect.stringContaining('AI mark') });
  });

  it('marks MP3 audio through the same function', async () => {
    const audio = markSynthesizedAudio({ bytes: FAKE_MP3_BYTES, contentType: 'audio/mpeg', extension: 'mp3' }, mark);
    expect(ascii(audio.bytes.subarray(0, 3))).toBe('ID3');
  });
});
