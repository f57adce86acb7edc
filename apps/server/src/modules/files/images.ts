import sharp from 'sharp';
import { AppError } from '../../platform/errors.js';

/** Product document, section 5 (Images): only images, at most 800x800, JPEG quality 0.8. */
export const IMAGE_MAX_SIDE = 800;
export const IMAGE_QUALITY = 80;
/** Formats accepted as photos. SVG is refused: it is a document that can reference other files. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif']);
/** Decompression bombs: refuse before decoding anything larger than a 50-megapixel camera. */
const MAX_INPUT_PIXELS = 50_000_000;

export const onlyImage = () => new AppError('onlyImages', ['file']);

export interface TProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The type is decided by the bytes (what the decoder recognises), never by the file name or the
 * declared type. The photo is turned upright from its EXIF orientation, flattened on white
 * (JPEG has no transparency), fitted inside 800x800 and re-encoded; sharp writes no metadata
 * unless asked, so EXIF (camera, GPS position, dates), XMP and ICC profiles are gone.
 */
export async function processImage(input: Buffer): Promise<TProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw onlyImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw onlyImage();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // Recognised header but undecodable body (truncated, corrupt, too many pixels).
    throw onlyImage();
  }
}
