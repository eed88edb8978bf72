import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';
import { photoHash } from './photo-hash.js';

/** Bigger inputs cost seconds of CPU to decode (a 16000×16000 PNG is 256 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_ENCODED_BYTES = 8 * 1024 * 1024;

export type ProcessedImage = { bytes: Buffer; mime: string; width: number; height: number };
/**
 * `hash`: the full picture's perceptual hash (photo-hash.ts) for listing and offer photos; null for
 * one too flat to recognise (looked at, nothing to compare); absent for avatars (never compared).
 */
export type ImageVariants = { full: ProcessedImage; thumb: ProcessedImage; hash?: bigint | null };

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
  return processImage(decodeDataUrl(dataUrl), options);
}

/** `processUpload` for pictures that arrive as bytes (another instance's listing photos). */
export async function processImage(
  bytes: Buffer,
  options: { box?: number; square?: boolean } = {},
): Promise<ImageVariants> {
  const box = options.box ?? 800;
  const fit = options.square ? 'cover' : 'inside';
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
    // Hashed as stored (re-encoded, bounded, flattened), so every copy is compared alike.
    // Avatars (square) are not listing photos and are not compared.
    if (options.square) return { full, thumb };
    return { full, thumb, hash: (await photoHash(full.bytes)) ?? null };
  } catch {
    throw new AppError(400, 'The image could not be read');
  }
}

/** The formats a stored picture is served in; JPEG is what every upload is stored as. */
export type ImageFormat = 'avif' | 'webp' | 'jpeg';
export const IMAGE_MIME: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * The smallest format the browser says it takes (`Accept` of an <img> request: Chrome, Firefox
 * and Safari 16+ name image/avif and image/webp); a wildcard alone gets JPEG.
 */
export function preferredImageFormat(accept: string | undefined): ImageFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(type);
  }
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * A stored JPEG in a modern format, same size. The JPEG was stripped of metadata at upload and
 * sharp writes none unless asked, so the copy carries none either.
 */
export async function transcode(
  jpeg: Buffer,
  format: Exclude<ImageFormat, 'jpeg'>,
): Promise<ProcessedImage> {
  const image = sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const encoded =
    format === 'avif'
      ? image.avif({ quality: 55, effort: 2 })
      : image.webp({ quality: 78, effort: 4 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, mime: IMAGE_MIME[format], width: info.width, height: info.height };
}
