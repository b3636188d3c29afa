import sharp from 'sharp';
import { DomainError } from '../errors.ts';

export type ImageFormat = 'jpg' | 'png' | 'webp';
export type DecodedImage = { bytes: Buffer; width: number; height: number };

// A 10 MB upload decodes to at most this many pixels; more is a decompression bomb, not a photo.
const maxInputPixels = 50_000_000;

/**
 * Decodes an uploaded image fully (a file with a valid signature but broken data is refused),
 * applies its EXIF orientation and re-encodes it in the same format without metadata, so the
 * stored picture has the dimensions people see and carries no camera location.
 */
export async function normaliseImage(bytes: Uint8Array, format: ImageFormat): Promise<DecodedImage> {
  try {
    const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxInputPixels }).rotate();
    const encoded =
      format === 'jpg' ? pipeline.jpeg({ quality: 90 }) : format === 'png' ? pipeline.png() : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new DomainError('INVALID', 'This image is damaged or incomplete. Please choose another file.', {
      file: ['This image is damaged or incomplete. Please choose another file.'],
    });
  }
}

// Small and heavily blurred: the locked copy only hints at the picture until a fan unlocks it.
const lockedMaxSide = 320;
const lockedBlurSigma = 40;

/** The blurred stand-in a fan sees before unlocking a gallery image (always JPEG). */
export async function lockedCopy(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes)
    .resize({ width: lockedMaxSide, height: lockedMaxSide, fit: 'inside', withoutEnlargement: true })
    .blur(lockedBlurSigma)
    .jpeg({ quality: 60 })
    .toBuffer();
}
