// An ID3v2.4 tag holding the AI mark, written by hand (a few frames need no library). MP3 voice
// notes start with it; WAV voice notes carry the same tag in an `id3 ` chunk (riff-mark.ts).
import { type AiAudioMark, aiAudioMarkFields, aiAudioMarkXmp } from './ai-mark.ts';
import { concat } from './bytes.ts';

const utf8 = new TextEncoder();
/** ID3v2.4 text encoding 3: UTF-8, so any twin's name survives. */
const UTF8 = 3;
/** The description under which the IPTC digital source type is stored in a TXXX frame. */
export const DIGITAL_SOURCE_TYPE_DESCRIPTION = 'DigitalSourceType';
/** The owner of the PRIV frame that carries XMP, as the XMP specification (part 3) names it. */
export const XMP_PRIV_OWNER = 'XMP';

/** ID3v2.4 sizes are "synchsafe": 7 bits per byte, so no size byte looks like an MPEG sync. */
const synchsafe = (size: number): Uint8Array =>
  Uint8Array.of((size >>> 21) & 0x7f, (size >>> 14) & 0x7f, (size >>> 7) & 0x7f, size & 0x7f);

const frame = (id: string, body: Uint8Array): Uint8Array =>
  concat([utf8.encode(id), synchsafe(body.length), Uint8Array.of(0, 0), body]);

const textFrame = (id: string, text: string) => frame(id, concat([Uint8Array.of(UTF8), utf8.encode(text)]));

const userTextFrame = (description: string, value: string) =>
  frame('TXXX', concat([Uint8Array.of(UTF8), utf8.encode(description), Uint8Array.of(0), utf8.encode(value)]));

const commentFrame = (text: string) =>
  frame('COMM', concat([Uint8Array.of(UTF8), utf8.encode('eng'), Uint8Array.of(0), utf8.encode(text)]));

const privateFrame = (owner: string, data: Uint8Array) => frame('PRIV', concat([utf8.encode(owner), Uint8Array.of(0), data]));

/** A complete ID3v2.4 tag (header and frames, no padding) stating that the audio is AI-made. */
export function aiMarkId3Tag(mark: AiAudioMark): Uint8Array {
  const fields = aiAudioMarkFields(mark);
  const frames = concat([
    textFrame('TIT2', fields.title),
    textFrame('TPE1', fields.artist),
    textFrame('TSSE', fields.software),
    userTextFrame(DIGITAL_SOURCE_TYPE_DESCRIPTION, fields.digitalSourceType),
    commentFrame(fields.comment),
    privateFrame(XMP_PRIV_OWNER, utf8.encode(aiAudioMarkXmp(mark))),
  ]);
  const header = concat([utf8.encode('ID3'), Uint8Array.of(4, 0, 0), synchsafe(frames.length)]);
  return concat([header, frames]);
}

/** The length of the ID3v2 tag the bytes start with (header, frames, padding, footer); 0 without one. */
export function leadingId3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const sizeBytes = bytes.subarray(6, 10);
  if (sizeBytes.some((byte) => byte > 0x7f)) return 0;
  const size = ((sizeBytes[0] ?? 0) << 21) | ((sizeBytes[1] ?? 0) << 14) | ((sizeBytes[2] ?? 0) << 7) | (sizeBytes[3] ?? 0);
  const hasFooter = ((bytes[5] ?? 0) & 0x10) !== 0;
  return Math.min(bytes.length, 10 + size + (hasFooter ? 10 : 0));
}

/**
 * The MP3 with the AI mark as its ID3v2 tag. A tag the engine already wrote is replaced rather than
 * kept beside ours: players read only the first, and ours must be the one they read.
 */
export function markMp3(bytes: Uint8Array, mark: AiAudioMark): Uint8Array {
  return concat([aiMarkId3Tag(mark), bytes.subarray(leadingId3Length(bytes))]);
}
