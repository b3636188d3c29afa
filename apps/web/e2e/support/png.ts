import { crc32, deflateSync } from 'node:zlib';

/**
 * A real, tiny PNG (8-bit RGB, no interlace) drawn from a colour function: enough for the server to
 * recognise it by its magic bytes and for sharp to decode its dimensions.
 */
export function encodePng(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(colour(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 64x64 violet-to-pink gradient, the brand colours, as the test's profile picture. */
export function brandGradientPng(): Buffer {
  return encodePng(64, 64, (x, y) => [
    126 + Math.round((x / 63) * 110),
    67 + Math.round((y / 63) * 5),
    234 - Math.round((x / 63) * 81),
  ]);
}
