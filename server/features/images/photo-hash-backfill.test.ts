import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageHashes } from '../../db/schema/images.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegAsDataUrl, jpegDataUrl, photoLike } from '../../testing/images.js';
import { imageIdFromUrl } from './images.service.js';
import { backfillPhotoHashes } from './photo-hash-backfill.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
let photo: Buffer;

const call = (method: 'GET' | 'POST', url: string, who: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
const list = async (who: Member, images: string[], title: string) => {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'As in the photo',
    condition: 'good',
    images,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; images: string[] };
};
const idsOf = (urls: string[]) => urls.map((url) => imageIdFromUrl(url) ?? '');
const hashRows = (ids: string[]) =>
  t.db
    .select({ imageId: imageHashes.imageId, hash: imageHashes.hash })
    .from(imageHashes)
    .where(inArray(imageHashes.imageId, ids));

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await registerMember(t.app, { email: 'chief@example.com' });
  alice = await registerMember(t.app, { nickname: 'alice' });
  bob = await registerMember(t.app, { nickname: 'bob' });
  photo = await photoLike(31);
}, 60_000);
afterAll(() => t.close());

describe('hashing the photos stored before hashes were (issue 40 §3)', () => {
  it('hashes each listing photo once, a flat one as null, and a later copy is flagged', async () => {
    const old = await list(alice, [jpegAsDataUrl(photo), await jpegDataUrl(800, 600)], 'Old sofa');
    const ids = idsOf(old.images);
    // As a listing stored before migration 0037 was: no hash rows at all.
    await t.db.delete(imageHashes).where(inArray(imageHashes.imageId, ids));
    expect(await hashRows(ids)).toEqual([]);

    expect(await backfillPhotoHashes(t.db)).toBeGreaterThanOrEqual(2);
    const rows = await hashRows(ids);
    const byId = new Map(rows.map((row) => [row.imageId, row.hash]));
    expect(typeof byId.get(ids[0] ?? '')).toBe('bigint');
    expect(byId.get(ids[1] ?? '')).toBeNull();
    // Nothing is left to read: a second run decodes nothing.
    expect(await backfillPhotoHashes(t.db)).toBe(0);

    const copy = jpegAsDataUrl(await sharp(photo).resize(640).jpeg({ quality: 50 }).toBuffer());
    const reused = await list(bob, [copy], 'Sofa');
    const flags = (await call('GET', '/api/flagged-items', admin)).json() as Array<{
      itemId: number;
      reason: string;
    }>;
    expect(flags).toContainEqual(
      expect.objectContaining({ itemId: reused.id, reason: 'Photo reused' }),
    );
  });

  it('stops at its bound and goes on from there the next run', async () => {
    const listings = [];
    for (const seed of [41, 42, 43])
      listings.push(
        await list(alice, [jpegAsDataUrl(await photoLike(seed, 400, 300))], `Lamp ${seed}`),
      );
    const ids = listings.flatMap((listing) => idsOf(listing.images));
    await t.db.delete(imageHashes).where(inArray(imageHashes.imageId, ids));
    expect(await backfillPhotoHashes(t.db, 2)).toBe(2);
    expect(await hashRows(ids)).toHaveLength(2);
    expect(await backfillPhotoHashes(t.db, 2)).toBe(1);
    expect(await hashRows(ids)).toHaveLength(3);
  });

  it('never hashes an avatar (a picture no listing shows)', async () => {
    const uploaded = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { profileImageUrl: jpegAsDataUrl(await photoLike(51, 600, 600)) },
      headers: { cookie: alice.cookie },
    });
    expect(uploaded.statusCode).toBe(200);
    const avatar = imageIdFromUrl(uploaded.json().profileImageUrl) ?? '';
    await backfillPhotoHashes(t.db);
    expect(await hashRows([avatar])).toEqual([]);
  });
});
