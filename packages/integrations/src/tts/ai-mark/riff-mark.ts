// The AI mark in a WAV file, written by hand: a LIST/INFO chunk (title, artist, comment, software:
// what Windows, audio editors and most tag readers show), the same ID3v2 tag as MP3 notes in an
// `id3 ` chunk (where the digital source type has a named field), and the XMP packet in a `_PMX`
// chunk (where the XMP specification puts it for WAV). The chunks follow the samples, so the
// header and the data chunk stay where players and our tests expect them.
import { type AiAudioMark, aiAudioMarkFields, aiAudioMarkXmp } from './ai-mark.ts';
import { concat } from './bytes.ts';
import { aiMarkId3Tag } from './id3-tag.ts';

const utf8 = new TextEncoder();

/** Chunks our mark replaces when the input already has them (and LIST chunks of type INFO): the file must say one thing. */
const MARK_CHUNKS = new Set(['id3 ', 'ID3 ', '_PMX']);

const ascii = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

const chunk = (id: string, body: Uint8Array): Uint8Array => {
  const header = new Uint8Array(8);
  header.set(utf8.encode(id));
  new DataView(header.buffer).setUint32(4, body.length, true);
  // RIFF chunks start on even offsets: an odd body gets a pad byte its size does not count.
  return concat([header, body, body.length % 2 === 1 ? new Uint8Array(1) : new Uint8Array(0)]);
};

/** RIFF INFO text is ISO 8859-1 by default; a character outside it becomes '?' (the id3 chunk keeps it exactly). */
const latin1 = (text: string): Uint8Array =>
  Uint8Array.from(
    Array.from(text, (character) => {
      const code = character.codePointAt(0) ?? 0x3f;
      return code <= 0xff ? code : 0x3f;
    }),
  );

const infoEntry = (id: string, text: string) => chunk(id, concat([latin1(text), Uint8Array.of(0)]));

/** The mark as a LIST chunk of type INFO. */
export function aiMarkInfoChunk(mark: AiAudioMark): Uint8Array {
  const fields = aiAudioMarkFields(mark);
  return chunk(
    'LIST',
    concat([
      utf8.encode('INFO'),
      infoEntry('INAM', fields.title),
      infoEntry('IART', fields.artist),
      infoEntry('ICMT', fields.comment),
      infoEntry('ISFT', fields.software),
    ]),
  );
}

/** The WAV with the AI mark; throws on bytes that are not a RIFF/WAVE file. */
export function markWav(bytes: Uint8Array, mark: AiAudioMark): Uint8Array {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [];
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const end = Math.min(bytes.length, offset + 8 + size + (size % 2));
    const isInfo = id === 'LIST' && ascii(bytes, offset + 8) === 'INFO';
    if (!MARK_CHUNKS.has(id) && !isInfo) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  const body = concat([
    utf8.encode('WAVE'),
    ...kept,
    aiMarkInfoChunk(mark),
    chunk('id3 ', aiMarkId3Tag(mark)),
    chunk('_PMX', utf8.encode(aiAudioMarkXmp(mark))),
  ]);
  return chunk('RIFF', body);
}
