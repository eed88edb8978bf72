/**
 * Scales a picture to fit within `maxWidth`×`maxHeight` and re-encodes it as a JPEG data URL
 * (SPEC §5: listing photos 800×800 at 0.8; offer photos 800 px longer side at 0.7).
 */
export async function compressImage(
  file: Blob,
  options: { maxWidth: number; maxHeight: number; quality: number },
): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, options.maxWidth / bitmap.width, options.maxHeight / bitmap.height);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', options.quality);
  } finally {
    bitmap.close();
  }
}

export const LISTING_PHOTO = { maxWidth: 800, maxHeight: 800, quality: 0.8 } as const;
export const OFFER_PHOTO = { maxWidth: 800, maxHeight: 800, quality: 0.7 } as const;

/** The widths stored pictures come in: the thumbnail and the full picture (server images/). */
const THUMB_WIDTH = 360;
const FULL_WIDTH = 800;
const STORED = /^(\/api\/images\/[0-9a-f-]{36})(\/thumb)?$/;

/**
 * `srcset` for one of our pictures (its thumbnail or the full one): the browser picks by the
 * width it will draw (`sizes`) and the screen's density; the server picks AVIF/WebP/JPEG by
 * Accept. Other URLs (a data URL being uploaded) get none.
 */
export function pictureSrcSet(url: string): string | undefined {
  const match = STORED.exec(url);
  if (!match) return undefined;
  return `${match[1]}/thumb ${THUMB_WIDTH}w, ${match[1]} ${FULL_WIDTH}w`;
}
