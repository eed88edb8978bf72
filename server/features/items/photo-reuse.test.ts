import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegAsDataUrl, photoLike } from '../../testing/images.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
let photo: Buffer;
let original: { id: number; images: string[] };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who?: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
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
const siteFlags = async () =>
  (
    (await call('GET', '/api/flagged-items', admin)).json() as Array<Record<string, unknown>>
  ).filter((r) => r.reporter === null);
const copy = async () =>
  jpegAsDataUrl(await sharp(photo).resize(640).jpeg({ quality: 50 }).toBuffer());

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await registerMember(t.app, { email: 'chief@example.com' });
  alice = await registerMember(t.app, { nickname: 'alice' });
  bob = await registerMember(t.app, { nickname: 'bob' });
  photo = await photoLike(21);
  original = await list(alice, [jpegAsDataUrl(photo)], 'Red bike');
}, 60_000);
afterAll(() => t.close());

describe('a photo another member’s listing shows (issue 40 §3)', () => {
  it('is not flagged when the same member reuses their own photo', async () => {
    await list(alice, [await copy()], 'Red bike, again');
    expect(await siteFlags()).toEqual([]);
  });

  it('publishes the listing and flags it in the report queue, naming the other listing and member', async () => {
    const reused = await list(bob, [jpegAsDataUrl(await photoLike(22)), await copy()], 'Bike');
    expect((await call('GET', `/api/items/${reused.id}`)).json()).toMatchObject({ isActive: true });
    const [flag, ...more] = await siteFlags();
    expect(more).toEqual([]);
    expect(flag).toMatchObject({
      itemId: reused.id,
      userId: null,
      reporter: null,
      reason: 'Photo reused',
      status: 'pending',
      item: { id: reused.id, title: 'Bike', images: reused.images },
    });
    expect(flag?.description).toMatch(
      new RegExp(`^Photo also used by “Red bike” \\(listing ${original.id}\\) of alice`),
    );
  });

  it('flags an edit that adds the photo, once while a flag is open; members’ reports still work', async () => {
    const own = await list(bob, [jpegAsDataUrl(await photoLike(23))], 'Stool');
    const flagsOf = async (id: number) => (await siteFlags()).filter((f) => f.itemId === id);
    expect(await flagsOf(own.id)).toEqual([]);
    const edit = async (added: Buffer) => {
      const current = (await call('GET', `/api/items/${own.id}`)).json() as { images: string[] };
      const response = await call('PUT', `/api/items/${own.id}`, bob, {
        title: 'Stool',
        description: 'As in the photo',
        condition: 'good',
        categoryId: '2',
        images: [...current.images, jpegAsDataUrl(added)],
      });
      expect(response.statusCode).toBe(200);
    };
    await edit(await sharp(photo).jpeg({ quality: 35 }).toBuffer());
    const [flag] = await flagsOf(own.id);
    expect(flag?.description).toContain(`“Red bike” (listing ${original.id}) of alice`);
    // Another reused photo while the flag is open adds no second flag.
    await edit(await sharp(photo).resize(500).jpeg().toBuffer());
    expect(await flagsOf(own.id)).toHaveLength(1);
    const report = await call('POST', `/api/items/${own.id}/report`, alice, { reason: 'Other' });
    expect(report.statusCode).toBe(201);
    expect((await call('GET', '/api/flagged-items', admin)).json()).toContainEqual(
      expect.objectContaining({
        itemId: own.id,
        reporter: expect.objectContaining({ id: alice.user.id }),
      }),
    );
  });

  it('does not flag a listing whose photos are all different', async () => {
    const before = (await siteFlags()).length;
    await list(bob, [jpegAsDataUrl(await photoLike(24))], 'Lamp');
    expect(await siteFlags()).toHaveLength(before);
  });
});
