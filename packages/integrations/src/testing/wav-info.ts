// Reads a WAV file the way a player would (RIFF chunks, the PCM format, the data chunk), so tests
// can prove that stored audio plays and says something: its length in seconds and its loudest sample.

export type WavInfo = { channels: number; sampleRate: number; bitsPerSample: number; durationSeconds: number; peak: number };

/** The format and length of a 16-bit PCM WAV file; throws, saying what is wrong, on anything else. */
export function readWav(input: Uint8Array): WavInfo {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const ascii = (offset: number) => String.fromCharCode(...input.subarray(offset, offset + 4));
  if (input.length < 12 || ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  if (view.getUint32(4, true) !== input.length - 8) throw new Error('the RIFF size does not match the file');
  let format: Omit<WavInfo, 'durationSeconds' | 'peak'> | undefined;
  for (let offset = 12; offset + 8 <= input.length; ) {
    const id = ascii(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (body + size > input.length) throw new Error(`the ${id.trim()} chunk runs past the end of the file`);
    if (id === 'fmt ') {
      if (view.getUint16(body, true) !== 1) throw new Error('not PCM');
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      if (format.bitsPerSample !== 16) throw new Error(`${format.bitsPerSample}-bit samples, expected 16-bit`);
    } else if (id === 'data') {
      if (!format) throw new Error('the data chunk comes before the format');
      let peak = 0;
      for (let at = body; at + 2 <= body + size; at += 2) peak = Math.max(peak, Math.abs(view.getInt16(at, true)));
      const frames = size / (2 * format.channels);
      return { ...format, durationSeconds: frames / format.sampleRate, peak };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}
