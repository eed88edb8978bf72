import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoLike } from '../../testing/images.js';
import { processImage } from './image-processing.js';
import { hashDistance, photoHash, SAME_PHOTO_MAX_DISTANCE } from './photo-hash.js';

/**
 * The threshold in photo-hash.ts rests on these: every copy a scammer would make of a photo
 * stays within it, and genuinely different photos stay well clear of it. Pictures are hashed as
 * the server stores them (processImage), like an upload.
 */
const stored = async (bytes: Buffer) => {
  const hash = (await processImage(bytes)).hash;
  if (hash == null) throw new Error('a photo-like picture must get a hash');
  return hash;
};

const SEEDS = [1, 2, 3, 4, 5, 6];
const originals = new Map<number, Buffer>();
const hashes = new Map<number, bigint>();

beforeAll(async () => {
  for (const seed of SEEDS) {
    const photo = await photoLike(seed);
    originals.set(seed, photo);
    hashes.set(seed, await stored(photo));
  }
}, 60_000);

const COPIES: Array<[string, (photo: Buffer) => Promise<Buffer>]> = [
  ['resized to 500 px wide', (p) => sharp(p).resize(500).jpeg().toBuffer()],
  ['resized up to 2000 px wide', (p) => sharp(p).resize(2000).jpeg().toBuffer()],
  ['re-encoded at JPEG quality 30', (p) => sharp(p).jpeg({ quality: 30 }).toBuffer()],
  ['re-encoded as PNG', (p) => sharp(p).png().toBuffer()],
  [
    'with other metadata (camera, GPS)',
    (p) =>
      sharp(p)
        .withExif({
          IFD0: { Make: 'Other', Model: 'Camera', Copyright: 'Someone else' },
          IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1' },
        })
        .jpeg({ quality: 90 })
        .toBuffer(),
  ],
  [
    'cropped by 2% on the right and bottom',
    (p) => sharp(p).extract({ left: 0, top: 0, width: 1176, height: 882 }).toBuffer(),
  ],
  [
    'cropped by 2% evenly round the edges',
    (p) => sharp(p).extract({ left: 12, top: 9, width: 1176, height: 882 }).toBuffer(),
  ],
];

describe('photoHash (sharp-phash)', () => {
  it.each(COPIES)('matches a copy %s', async (_how, copy) => {
    for (const seed of SEEDS) {
      const original = hashes.get(seed) as bigint;
      const copied = await stored(await copy(originals.get(seed) as Buffer));
      expect(hashDistance(original, copied), `seed ${seed}`).toBeLessThanOrEqual(
        SAME_PHOTO_MAX_DISTANCE,
      );
    }
  });

  it('keeps different photos apart, with a margin beyond the threshold', async () => {
    const all = [...hashes.values()];
    // One more photo, and a photo turned upside down (the same shapes, another picture).
    all.push(await stored(await photoLike(99)));
    all.push(
      await stored(
        await sharp(originals.get(1) as Buffer)
          .rotate(180)
          .toBuffer(),
      ),
    );
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        expect(hashDistance(all[i] as bigint, all[j] as bigint), `${i}/${j}`).toBeGreaterThan(
          SAME_PHOTO_MAX_DISTANCE + 6,
        );
      }
    }
  });

  it('gives no hash to a nearly flat picture (every blank one would match every other)', async () => {
    const flat = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 110 } },
    })
      .jpeg()
      .toBuffer();
    expect(await photoHash(flat)).toBeUndefined();
    expect((await processImage(flat)).hash).toBeNull();
  });

  it('hashes listing photos, not avatars (square uploads)', async () => {
    const photo = originals.get(1) as Buffer;
    expect((await processImage(photo, { square: true, box: 256 })).hash).toBeUndefined();
  });

  it('counts differing bits as PostgreSQL does, sign bit included', () => {
    expect(hashDistance(0n, -1n)).toBe(64);
    expect(hashDistance(5n, 6n)).toBe(2);
    expect(hashDistance(-9223372036854775808n, 0n)).toBe(1);
  });
});
