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

/** `srcset` for our pictures: in shared/, as the server preloads the item page's photo with it. */
export { pictureSrcSet } from '../../shared/item-display';
