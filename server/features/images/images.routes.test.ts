import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/images.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegDataUrl } from '../../testing/images.js';
import { preferredImageFormat, processUpload } from './image-processing.js';
import { deleteImages, storeImage } from './images.service.js';

let t: TestApp;
let photo: string;
let ownerId: string;

/** What Chrome sends for an <img>; Firefox and Safari name the same two formats. */
const CHROME_IMG_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

beforeAll(async () => {
  t = await createTestApp();
  const member = await registerMember(t.app);
  // Stored as a picture uploaded before AVIF/WebP copies existed: a JPEG and its thumbnail only.
  const variants = await processUpload(await jpegDataUrl(1200, 900, { gps: true }));
  ownerId = member.user.id;
  photo = await storeImage(t.db, ownerId, variants);
});
afterAll(() => t.close());

const get = (url: string, accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

describe('GET /api/images/:id (issue 19 §4: modern formats by Accept)', () => {
  it.each([
    ['Chrome', CHROME_IMG_ACCEPT, 'image/avif', 'avif'],
    ['a WebP-only browser', 'image/webp,*/*', 'image/webp', 'webp'],
    ['a browser that refuses AVIF', 'image/avif;q=0,image/webp,*/*', 'image/webp', 'webp'],
    ['a client that takes anything', '*/*', 'image/jpeg', 'jpeg'],
    ['a client without Accept', undefined, 'image/jpeg', 'jpeg'],
  ])('serves %s %s, same size, no metadata, Vary: Accept', async (_who, accept, mime, format) => {
    for (const [url, width] of [
      [photo, 800],
      [`${photo}/thumb`, 360],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe(mime);
      expect(response.headers.vary).toBe('Accept');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('makes each copy once and keeps it beside the JPEG; deleting the picture removes them', async () => {
    const fresh = await storeImage(t.db, ownerId, await processUpload(await jpegDataUrl(640, 480)));
    const id = fresh.split('/').pop() ?? '';
    const copies = async () =>
      (await t.db.select({ variant: images.variant }).from(images).where(eq(images.sourceId, id)))
        .map((c) => c.variant)
        .sort();
    expect(await copies()).toEqual(['thumb']);
    const answers = await Promise.all([1, 2, 3].map(() => get(fresh, 'image/webp')));
    expect(answers.map((a) => a.headers['content-type'])).toEqual(Array(3).fill('image/webp'));
    await get(`${fresh}/thumb`, CHROME_IMG_ACCEPT);
    expect(await copies()).toEqual(['full.webp', 'thumb', 'thumb.avif']);
    // Served from the stored copy the second time: the same bytes.
    expect((await get(fresh, 'image/webp')).rawPayload).toEqual(answers[0]?.rawPayload);
    await deleteImages(t.db, [fresh]);
    expect(await copies()).toEqual([]);
    expect((await get(fresh, CHROME_IMG_ACCEPT)).statusCode).toBe(404);
  });
});

describe('preferredImageFormat', () => {
  it.each([
    [CHROME_IMG_ACCEPT, 'avif'],
    ['image/webp,image/avif,image/jpeg;q=0.9', 'avif'],
    ['image/webp, */*;q=0.5', 'webp'],
    ['IMAGE/WEBP', 'webp'],
    ['image/avif;q=0.0, image/webp;q=0', 'jpeg'],
    ['image/*,*/*;q=0.8', 'jpeg'],
    ['', 'jpeg'],
  ])('%s → %s', (accept, format) => {
    expect(preferredImageFormat(accept)).toBe(format);
  });
});
