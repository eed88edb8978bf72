import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';

/** Bigger inputs cost seconds of CPU to decode (a 16000×16000 PNG is 256 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_ENCODED_BYTES = 8 * 1024 * 1024;

export type ProcessedImage = { bytes: Buffer; mime: 'image/jpeg'; width: number; height: number };
export type ImageVariants = { full: ProcessedImage; thumb: ProcessedImage };

const DATA_URL = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]+)$/;

/** The real type, from the first bytes; the declared MIME type is not trusted. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export function isDataUrl(value: string): boolean {
  return value.startsWith('data:');
}

export function decodeDataUrl(dataUrl: string): Buffer {
  const match = DATA_URL.exec(dataUrl);
  if (!match?.[2]) throw new AppError(400, 'Images must be sent as base64 data URLs');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_ENCODED_BYTES)
    throw new AppError(413, 'Each image must be smaller than 8 MB');
  return bytes;
}

async function encode(
  input: Buffer,
  box: number,
  quality: number,
  fit: 'inside' | 'cover',
): Promise<ProcessedImage> {
  // rotate() applies the EXIF orientation before the metadata (GPS included) is dropped; sharp
  // writes no metadata unless asked to.
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(box, box, { fit, withoutEnlargement: fit === 'inside' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height };
}

/**
 * Checks and re-encodes an uploaded picture: JPEG, PNG or WebP only (by content), at most 40 MP,
 * bounded to `box`×`box` (or cropped to that square), metadata stripped, plus a thumbnail.
 */
export async function processUpload(
  dataUrl: string,
  options: { box?: number; square?: boolean } = {},
): Promise<ImageVariants> {
  const box = options.box ?? 800;
  const fit = options.square ? 'cover' : 'inside';
  const bytes = decodeDataUrl(dataUrl);
  if (!sniffImageType(bytes)) throw new AppError(400, 'Only JPEG, PNG and WebP images are allowed');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'The image could not be read');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError(413, 'The image is too large (at most 40 megapixels)');
  }
  try {
    const [full, thumb] = await Promise.all([
      encode(bytes, box, 82, fit),
      encode(bytes, 360, 72, fit),
    ]);
    return { full, thumb };
  } catch {
    throw new AppError(400, 'The image could not be read');
  }
}
