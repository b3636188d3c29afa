import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);
// An MPEG-1 Layer III frame header: 128 kbit/s, 44.1 kHz.
const mp3Frame = [0xff, 0xfb, 0x90, 0x64];

function id3Tag(bodySize: number): number[] {
  const size = [(bodySize >> 21) & 0x7f, (bodySize >> 14) & 0x7f, (bodySize >> 7) & 0x7f, bodySize & 0x7f];
  return [...text('ID3'), 4, 0, 0, ...size, ...new Array(bodySize).fill(0)];
}

describe('sniffFileType', () => {
  it('recognises JPEG, PNG and WEBP by their signatures', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('png');
    expect(sniffFileType(Uint8Array.from([...text('RIFF'), 1, 2, 3, 4, ...text('WEBPVP8 ')]))).toBe('webp');
  });

  it('recognises an MP3 by a Layer III frame header, with or without an ID3v2 tag in front', () => {
    expect(sniffFileType(bytes(...mp3Frame, 0, 0))).toBe('mp3');
    expect(sniffFileType(bytes(...id3Tag(20), ...mp3Frame))).toBe('mp3');
  });

  it('refuses text, even when it starts like a signature', () => {
    expect(sniffFileType(text('hello, I am not a picture'))).toBeUndefined();
    expect(sniffFileType(text('ID3 is a tag format, but this is a text file'))).toBeUndefined();
    expect(sniffFileType(Uint8Array.from([...text('RIFF'), 1, 2, 3, 4, ...text('WAVEfmt ')]))).toBeUndefined();
  });

  it('refuses AAC (ADTS) and truncated or empty input', () => {
    expect(sniffFileType(bytes(0xff, 0xf1, 0x50, 0x80))).toBeUndefined();
    expect(sniffFileType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });

  it('refuses an ID3 tag that is not followed by an MP3 frame', () => {
    expect(sniffFileType(bytes(...id3Tag(4), 0x00, 0x01, 0x02, 0x03))).toBeUndefined();
  });
});
