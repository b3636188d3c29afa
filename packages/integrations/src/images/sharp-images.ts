// ImageProcessing through sharp (libvips): decoding, re-encoding, blurring and reading sizes.
import type { ImageFormat, ImageProcessing, NormalisedImage } from '@doppel/domain/ports';
import sharp from 'sharp';

// A 10 MB upload decodes to at most this many pixels; more is a decompression bomb, not a photo.
const maxInputPixels = 50_000_000;

// Small and heavily blurred: the locked copy only hints at the picture until a fan unlocks it.
const lockedMaxSide = 320;
const lockedBlurSigma = 40;

async function normalise(bytes: Uint8Array, format: ImageFormat): Promise<NormalisedImage | undefined> {
  try {
    // failOn 'error': a file with a valid signature but broken data is refused, not half decoded.
    const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: maxInputPixels }).rotate();
    const encoded =
      format === 'jpg' ? pipeline.jpeg({ quality: 90 }) : format === 'png' ? pipeline.png() : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

async function lockedCopy(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes)
    .resize({ width: lockedMaxSide, height: lockedMaxSide, fit: 'inside', withoutEnlargement: true })
    .blur(lockedBlurSigma)
    .jpeg({ quality: 60 })
    .toBuffer();
}

async function dimensions(bytes: Uint8Array): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

export function createSharpImages(): ImageProcessing {
  return { normalise, lockedCopy, dimensions };
}
