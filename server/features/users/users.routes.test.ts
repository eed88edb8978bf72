import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { hugePngDataUrl, jpegDataUrl, svgDataUrl } from '../../testing/images.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let ada: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  [ada, bob] = [await registerMember(t.app), await registerMember(t.app)];
});
afterAll(() => t.close());

const patchProfile = (who: Member | undefined, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    payload,
    headers: who ? { cookie: who.cookie } : {},
  });

describe('GET /api/users/:id', () => {
  it('shows the public view only', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${ada.user.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'bio',
        'createdAt',
        'firstName',
        'home',
        'id',
        'isMember',
        'lastName',
        'location',
        'nickname',
        'profileImageUrl',
        'reliability',
      ].sort(),
    );
    expect(body).toMatchObject({ id: ada.user.id, nickname: ada.input.nickname, isMember: false });
    expect(body.home).toBeNull();
    expect(body.reliability).toEqual({
      responseRate: null,
      typicalResponseMinutes: null,
      offersCounted: 0,
      completedSwaps: 0,
      completedCircles: 0,
      problemsOpen: 0,
      problemsUpheld: 0,
    });
  });

  it('answers 404 for an unknown member', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/nobody' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found' });
  });
});

describe('PATCH /api/users/profile', () => {
  it('needs a signed-in member', async () => {
    expect((await patchProfile(undefined, { bio: 'hi' })).statusCode).toBe(401);
  });

  it('updates nickname, bio and location, ignoring fields a member may not set', async () => {
    const response = await patchProfile(ada, {
      nickname: '  Countess  ',
      bio: 'Mathematician',
      location: 'London',
      isAdmin: true,
      email: 'evil@example.com',
      emailVerifiedAt: '2020-01-01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nickname: 'Countess',
      bio: 'Mathematician',
      location: 'London',
      isAdmin: false,
      isMember: false,
      email: ada.input.email,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: ada.cookie },
    });
    expect(me.json()).toMatchObject({
      nickname: 'Countess',
      isAdmin: false,
      email: ada.input.email,
    });
  });

  it('keeps nicknames unique regardless of case', async () => {
    await patchProfile(ada, { nickname: 'UniqueName' });
    const clash = await patchProfile(bob, { nickname: 'uniquename' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'That nickname is already taken' });
    expect((await patchProfile(ada, { nickname: 'uniqueNAME' })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Nothing to update'],
    [{ nickname: '   ' }, 'Nickname is required'],
    [{ bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
    [
      { profileImageUrl: 'https://evil.example/tracker.png' },
      'Choose an emoji or upload a picture',
    ],
    [{ profileImageUrl: 'abc' }, 'Choose an emoji or upload a picture'],
  ])('validates %o', async (payload, message) => {
    const response = await patchProfile(bob, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('takes an emoji avatar, then an uploaded picture cropped square and stripped', async () => {
    expect((await patchProfile(bob, { profileImageUrl: '🧑‍💻' })).json().profileImageUrl).toBe(
      '🧑‍💻',
    );
    const uploaded = await patchProfile(bob, {
      profileImageUrl: await jpegDataUrl(1200, 600, { gps: true }),
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().profileImageUrl;
    expect(url).toMatch(/^\/api\/images\//);
    const image = await t.app.inject({ method: 'GET', url });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();

    // Replacing the uploaded picture deletes it.
    await patchProfile(bob, { profileImageUrl: '🚀' });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it.each([
    ['an SVG', svgDataUrl, 400],
    ['a 16000×16000 PNG', hugePngDataUrl(), 413],
  ])('refuses %s as a picture', async (_name, image, status) => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/users/${bob.user.id}` })).json()
      .profileImageUrl;
    expect((await patchProfile(bob, { profileImageUrl: image })).statusCode).toBe(status);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${bob.user.id}` })).json()
        .profileImageUrl,
    ).toBe(before);
  });

  it("refuses someone else's uploaded picture", async () => {
    const uploaded = (
      await patchProfile(ada, { profileImageUrl: await jpegDataUrl(100, 100) })
    ).json().profileImageUrl;
    expect((await patchProfile(bob, { profileImageUrl: uploaded })).statusCode).toBe(400);
  });
});

describe('GET /api/users/:id/activity', () => {
  it('lists listings, completed swaps and feedback received, newest first', async () => {
    const seller = await registerMember(t.app);
    const item = (
      await t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { cookie: seller.cookie },
        payload: { title: 'Kayak', description: 'Two seats', condition: 'good' },
      })
    ).json();
    const request = (
      await t.app.inject({
        method: 'POST',
        url: '/api/swap-requests',
        headers: { cookie: bob.cookie },
        payload: { itemId: item.id, message: 'Swap?' },
      })
    ).json();
    const as = (who: Member, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/swap-requests/${request.id}`,
        headers: { cookie: who.cookie },
        payload: { status },
      });
    await as(seller, 'accepted');
    await as(bob, 'completed');
    await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { cookie: bob.cookie },
      payload: { toUserId: seller.user.id, swapRequestId: request.id, rating: 5 },
    });

    const activity = (
      await t.app.inject({ method: 'GET', url: `/api/users/${seller.user.id}/activity` })
    ).json();
    expect(activity.map((a: { type: string }) => a.type)).toEqual([
      'feedback-received',
      'swap-completed',
      'listed',
    ]);
    expect(activity[0]).toMatchObject({ rating: 5, from: { id: bob.user.id } });
    expect(activity[2]).toMatchObject({ item: { id: item.id, title: 'Kayak' } });
    expect(JSON.stringify(activity)).not.toContain('@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/nobody/activity' })).statusCode,
    ).toBe(404);
  });
});
