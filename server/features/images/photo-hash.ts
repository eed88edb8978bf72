import sharp from 'sharp';
import * as phashModule from 'sharp-phash';

/**
 * sharp-phash is CommonJS (`module.exports = phash`) but types itself as an ES default export:
 * the function is the namespace's `default` at run time, which the two TypeScript settings
 * (bundler for the checks, NodeNext for the build) each type differently.
 */
const phash = ((phashModule as { default?: unknown }).default ?? phashModule) as (
  image: Buffer,
) => Promise<string>;

/**
 * The Hamming distance (of 64 bits) at or below which two photos count as the same picture.
 * photo-hash.test.ts measures it: resized, re-encoded (JPEG quality 30), metadata-changed and
 * 2%-cropped copies of generated photos stay within 8 bits of their original (the one-sided crop
 * moves most), while 190 pairs of different ones were 22 or more apart; 10 sits in that gap,
 * nearer the copies, since a false "not allowed" costs an honest member more than a miss.
 */
export const SAME_PHOTO_MAX_DISTANCE = 10;

/**
 * Below this standard deviation (0–255 grey levels) a picture is nearly one flat colour: its
 * DCT has no structure, so its hash is noise that matches every other blank picture. Those are
 * not hashed (nothing to recognise a scammer's photo by).
 */
const MIN_CONTRAST = 4;

/**
 * A 64-bit perceptual hash (DCT pHash, by the sharp-phash library) of a picture, as a signed
 * bigint to fit PostgreSQL's bigint; undefined for a picture too flat to recognise.
 */
export async function photoHash(bytes: Buffer): Promise<bigint | undefined> {
  const { channels } = await sharp(bytes).greyscale().stats();
  if ((channels[0]?.stdev ?? 0) < MIN_CONTRAST) return undefined;
  const bits = await phash(bytes);
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** The number of bits two hashes differ in (what the database's bit_count(a # b) computes). */
export function hashDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
