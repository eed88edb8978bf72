import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegAsDataUrl, jpegDataUrl, photoLike } from '../../testing/images.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let admin: Member;
let owner: Member;
let scammer: Member;
let photo: Buffer;
let listing: { id: number; images: string[] };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const list = (who: Member, images: string[], title = 'Road bike') =>
  call('POST', '/api/items', who, {
    title,
    description: 'Barely ridden',
    condition: 'good',
    images,
  });

/** The copy a scammer makes: smaller, recompressed, tagged by another camera. */
const copyOf = async (bytes: Buffer) =>
  jpegAsDataUrl(
    await sharp(bytes)
      .resize(700)
      .withExif({ IFD0: { Make: 'Scammer', Model: 'Phone' } })
      .jpeg({ quality: 45 })
      .toBuffer(),
  );

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await registerMember(t.app, { email: 'chief@example.com' });
  [owner, scammer] = [await registerMember(t.app), await registerMember(t.app)];
  photo = await photoLike(7);
  const created = await list(owner, [jpegAsDataUrl(photo)]);
  expect(created.statusCode).toBe(201);
  listing = created.json();
}, 60_000);
afterAll(() => t.close());

describe('blocked photos: who may', () => {
  it.each([
    ['GET', '/api/admin/blocked-images', undefined],
    ['POST', '/api/admin/blocked-images', { imageUrl: '/api/images/x' }],
    ['DELETE', '/api/admin/blocked-images/1', undefined],
  ] as const)('%s %s: 401 signed out, 403 for members', async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    const asMember = await call(method, url, owner, body);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ message: 'You need admin privileges to do that' });
  });
});

describe('blocking a photo', () => {
  it('refuses what is not a listing photo of this site with a 4xx message', async () => {
    const cases: Array<[object, number, string]> = [
      [{}, 400, 'imageUrl is required'],
      [{ imageUrl: '   ' }, 400, 'imageUrl is required'],
      [
        { imageUrl: 'https://elsewhere.example/a.jpg' },
        400,
        'imageUrl must be the address of a picture on this site',
      ],
      [
        { imageUrl: '/api/images/00000000-0000-4000-8000-000000000000' },
        404,
        'No listing has this photo',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('POST', '/api/admin/blocked-images', admin, body);
      expect([response.statusCode, response.json()]).toEqual([status, { message }]);
    }
    // A member's avatar is a picture here, but no listing's photo.
    const avatar = await call('PATCH', '/api/users/profile', owner, {
      profileImageUrl: await jpegDataUrl(300, 300),
    });
    const avatarUrl = avatar.json().profileImageUrl as string;
    const response = await call('POST', '/api/admin/blocked-images', admin, {
      imageUrl: avatarUrl,
    });
    expect(response.statusCode).toBe(404);
  });

  it('blocks a listing photo (its thumbnail or full address alike), lists it, 409 twice', async () => {
    const url = listing.images[0] as string;
    const blocked = await call('POST', '/api/admin/blocked-images', admin, {
      imageUrl: `${t.config.publicUrl}${url}/thumb`,
    });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({
      imageUrl: url,
      item: { id: listing.id, title: 'Road bike' },
    });
    const again = await call('POST', '/api/admin/blocked-images', admin, { imageUrl: url });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: 'This photo is already blocked' },
    ]);
    const listed = await call('GET', '/api/admin/blocked-images', admin);
    expect(listed.json()).toEqual([blocked.json()]);
  });
});

describe('uploading a blocked photo', () => {
  it('is refused on a new listing, even as a resized, recompressed, re-tagged copy', async () => {
    const response = await list(scammer, [jpegAsDataUrl(await photoLike(8)), await copyOf(photo)]);
    expect(response.statusCode).toBe(400);
    // `photo`: which of the request's images was refused, for the form.
    expect(response.json()).toEqual({ message: 'This photo is not allowed', photo: 1 });
    const mine = await call('GET', `/api/items?userId=${scammer.user.id}`, scammer);
    expect(mine.json().items ?? mine.json()).toHaveLength(0);
  });

  it('is refused in an edit, naming its place among the kept photos', async () => {
    const own = (await list(scammer, [jpegAsDataUrl(await photoLike(9))], 'Lamp')).json();
    const response = await call('PUT', `/api/items/${own.id}`, scammer, {
      title: 'Lamp',
      description: 'Barely ridden',
      condition: 'good',
      categoryId: '2',
      images: [own.images[0], await copyOf(photo)],
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { message: 'This photo is not allowed', photo: 1 },
    ]);
    const after = (await call('GET', `/api/items/${own.id}`)).json();
    expect(after.images).toEqual(own.images);
  });

  it('is refused as an offer photo', async () => {
    const response = await call('POST', '/api/swap-requests', scammer, {
      itemIds: [listing.id],
      message: 'Swap?',
      offerImages: [await copyOf(photo)],
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { message: 'This photo is not allowed', photo: 0 },
    ]);
  });

  it('lets different photos through, and the blocked one again once unblocked', async () => {
    expect((await list(scammer, [jpegAsDataUrl(await photoLike(10))], 'Kettle')).statusCode).toBe(
      201,
    );
    const [block] = (await call('GET', '/api/admin/blocked-images', admin)).json();
    const lifted = await call('DELETE', `/api/admin/blocked-images/${block.id}`, admin);
    expect([lifted.statusCode, lifted.json()]).toEqual([200, { message: 'Photo unblocked' }]);
    expect((await call('GET', '/api/admin/blocked-images', admin)).json()).toEqual([]);
    expect((await list(scammer, [await copyOf(photo)], 'Bike')).statusCode).toBe(201);
    for (const id of [block.id, 'abc', '0']) {
      const missing = await call('DELETE', `/api/admin/blocked-images/${id}`, admin);
      expect([missing.statusCode, missing.json()]).toEqual([
        404,
        { message: 'Blocked photo not found' },
      ]);
    }
  });

  it('outlives the listing it was taken from', async () => {
    const other = await photoLike(11);
    const gone = (await list(owner, [jpegAsDataUrl(other)], 'Gone')).json();
    await call('POST', '/api/admin/blocked-images', admin, { imageUrl: gone.images[0] });
    expect((await call('DELETE', `/api/items/${gone.id}`, owner)).statusCode).toBe(200);
    const [block] = (await call('GET', '/api/admin/blocked-images', admin)).json();
    expect(block).toMatchObject({ imageUrl: gone.images[0], item: null });
    expect((await list(scammer, [await copyOf(other)])).json()).toEqual({
      message: 'This photo is not allowed',
      photo: 0,
    });
  });
});
