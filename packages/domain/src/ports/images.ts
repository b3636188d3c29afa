// The image port: what the domain asks of pictures people upload. packages/integrations
// implements it (sharp); the domain decides which pictures need which treatment and what a
// refusal says.

/** The picture formats people may upload (the sniffed type of the bytes, files/sniff.ts). */
export type ImageFormat = 'jpg' | 'png' | 'webp';

export type ImageDimensions = { width: number; height: number };

/** A picture ready to store: its bytes and the size people see. */
export type NormalisedImage = ImageDimensions & { bytes: Buffer };

export type ImageProcessing = {
  /**
   * Decodes an uploaded picture in full, turns it upright (EXIF orientation) and encodes it again
   * in the same format without metadata, so the stored picture has the size people see and
   * carries no camera location. Undefined when the bytes are not a whole, decodable picture of
   * sane size (a broken file, a decompression bomb).
   */
  normalise: (bytes: Uint8Array, format: ImageFormat) => Promise<NormalisedImage | undefined>;
  /** The small, heavily blurred JPEG a fan sees before unlocking a gallery picture. */
  lockedCopy: (bytes: Uint8Array) => Promise<Buffer>;
  /** The size a picture's header declares; undefined when the bytes are not a picture. */
  dimensions: (bytes: Uint8Array) => Promise<ImageDimensions | undefined>;
};
