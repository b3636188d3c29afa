/** The file types uploads accept, named by their usual extension. */
export type SniffedFileType = 'jpg' | 'png' | 'webp' | 'mp3';

export const contentTypes: Record<SniffedFileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
};

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * An MPEG-1/2/2.5 Layer III frame header at `offset`: 11 sync bits, a known version, layer III, a
 * real bitrate and sample rate. Checking more than the sync bits keeps AAC (ADTS) and random
 * bytes that happen to start with 0xFF out.
 */
function isMp3FrameHeader(bytes: Uint8Array, offset: number): boolean {
  if (bytes.length < offset + 4) return false;
  const b1 = bytes[offset + 1] as number;
  const b2 = bytes[offset + 2] as number;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && bitrate !== 0 && sampleRate !== 0b11;
}

/** Where the audio starts after an ID3v2 tag (header + syncsafe size + optional footer), or -1. */
function afterId3Tag(bytes: Uint8Array): number {
  if (!startsWith(bytes, ascii('ID3')) || bytes.length < 10) return -1;
  const sizeBytes = [bytes[6], bytes[7], bytes[8], bytes[9]] as number[];
  if (sizeBytes.some((byte) => byte >= 0x80)) return -1;
  const size = sizeBytes.reduce((total, byte) => total * 128 + byte, 0);
  const hasFooter = ((bytes[5] as number) & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/**
 * The real type of a file from its first bytes (magic numbers), whatever its name or declared
 * type say. Undefined for anything uploads do not accept.
 */
export function sniffFileType(bytes: Uint8Array): SniffedFileType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, pngSignature)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  const audioStart = afterId3Tag(bytes);
  if (audioStart >= 0) return isMp3FrameHeader(bytes, audioStart) ? 'mp3' : undefined;
  if (isMp3FrameHeader(bytes, 0)) return 'mp3';
  return undefined;
}
