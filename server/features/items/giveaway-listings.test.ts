import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_LISTING } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

/**
 * Issue 38 §2, the listing side: a listing is a swap (the default) or a give-away, with a fair
 * chance in hours (0–72, 12 unless said) that a swap does not have (null). A give-away wants
 * nothing back, so it keeps no wanted items and is not "open to offers".
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [ann, bob] = [await registerMember(t.app), await registerMember(t.app)];
});
afterAll(() => t.close());

const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sofa',
  description: 'Green velvet, a little worn.',
  categoryId: 4,
  condition: 'fair',
  wantedItems: 'A bookcase',
  isOpenToOffers: false,
  ...overrides,
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function created(overrides: Record<string, unknown> = {}, who = ann) {
  const response = await call('POST', '/api/items', who, listing(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; mode: string; fairChanceHours: number | null };
}

describe('a listing’s mode', () => {
  it('is a swap with no fair chance unless said, as before', async () => {
    const item = await created();
    expect(item).toMatchObject({ mode: 'swap', fairChanceHours: null, wantedItems: 'A bookcase' });
    // A swap has no fair chance, whatever the body says.
    const hours = await created({ fairChanceHours: 30 });
    expect(hours).toMatchObject({ mode: 'swap', fairChanceHours: null });
  });

  it('gives away with 12 hours of fair chance by default, or the hours asked, wanting nothing', async () => {
    const free = await created({ mode: 'giveaway', isOpenToOffers: true });
    expect(free).toMatchObject({
      mode: 'giveaway',
      fairChanceHours: 12,
      wantedItems: null,
      isOpenToOffers: false,
    });
    for (const hours of [0, 72]) {
      const item = await created({ mode: 'giveaway', fairChanceHours: hours });
      expect(item.fairChanceHours).toBe(hours);
    }
    // Read back, in browse and by id, with both fields.
    const byId = (await call('GET', `/api/items/${free.id}`)).json();
    expect(byId).toMatchObject({ mode: 'giveaway', fairChanceHours: 12 });
    const mine = (await call('GET', `/api/items?userId=${ann.user.id}`, ann)).json() as Array<{
      id: number;
      mode: string;
    }>;
    expect(mine.find((item) => item.id === free.id)?.mode).toBe('giveaway');
  });

  it('refuses an unknown mode and hours out of range with a message, storing nothing', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(items))[0]?.n;
    for (const [body, message] of [
      [{ mode: 'auction' }, 'mode must be swap or giveaway'],
      [{ mode: 7 }, 'mode must be swap or giveaway'],
      [{ mode: 'giveaway', fairChanceHours: 73 }, 'Fair chance must be a whole number of hours'],
      [{ mode: 'giveaway', fairChanceHours: -1 }, 'Fair chance must be a whole number of hours'],
      [{ mode: 'giveaway', fairChanceHours: 1.5 }, 'Fair chance must be a whole number of hours'],
      [{ mode: 'giveaway', fairChanceHours: '12' }, 'Fair chance must be a whole number of hours'],
    ] as const) {
      const response = await call('POST', '/api/items', ann, listing(body));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(items))[0]?.n;
    expect(after).toBe(before);
  });

  it('is refused by the database outside its rules, whoever writes', async () => {
    const { id } = await created();
    await expect(
      t.db
        .update(items)
        .set({ mode: 'auction' as 'swap' })
        .where(eq(items.id, id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(items).set({ mode: 'giveaway', fairChanceHours: 100 }).where(eq(items.id, id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(items).set({ mode: 'giveaway', fairChanceHours: null }).where(eq(items.id, id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(items).set({ fairChanceHours: 5 }).where(eq(items.id, id)),
    ).rejects.toThrow();
  });
});

describe('requestsOpenUntil', () => {
  it('is when the fair chance ends, from giveaway_since, for the page and browse; null for a swap', async () => {
    const swap = await created();
    expect((await call('GET', `/api/items/${swap.id}`)).json().requestsOpenUntil).toBeNull();
    const free = await created({ mode: 'giveaway', fairChanceHours: 5 });
    const since = new Date('2026-11-27T09:00:00.000Z');
    await t.db.update(items).set({ giveawaySince: since }).where(eq(items.id, free.id));
    // Set before anything reads it, so that no kept listing or page holds the old time.
    const byId = await call('GET', `/api/items/${free.id}`);
    expect(byId.json().requestsOpenUntil).toBe('2026-11-27T14:00:00.000Z');
    const browse = (await call('GET', '/api/items?mode=giveaway&limit=100')).json() as Array<{
      id: number;
      requestsOpenUntil: string | null;
    }>;
    expect(browse.find((item) => item.id === free.id)?.requestsOpenUntil).toBe(
      '2026-11-27T14:00:00.000Z',
    );
  });
});

describe('editing the mode', () => {
  const edit = (id: number, body: Record<string, unknown>, who = ann) =>
    call('PUT', `/api/items/${id}`, who, { ...listing(body), categoryId: '4' });

  it('turns a swap into a give-away and back; left out, mode and hours stay', async () => {
    const { id } = await created();
    const free = await edit(id, { mode: 'giveaway', fairChanceHours: 24 });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ mode: 'giveaway', fairChanceHours: 24, wantedItems: null });
    // SPEC §7's PUT body names no mode: the listing stays a give-away, its hours too.
    const plain = await edit(id, {});
    expect(plain.json()).toMatchObject({
      mode: 'giveaway',
      fairChanceHours: 24,
      wantedItems: null,
    });
    const hours = await edit(id, { fairChanceHours: 0 });
    expect(hours.json()).toMatchObject({ mode: 'giveaway', fairChanceHours: 0 });
    const back = await edit(id, { mode: 'swap', fairChanceHours: 5 });
    expect(back.json()).toMatchObject({
      mode: 'swap',
      fairChanceHours: null,
      wantedItems: 'A bookcase',
    });
    const again = await edit(id, { mode: 'giveaway' });
    expect(again.json()).toMatchObject({ mode: 'giveaway', fairChanceHours: 12 });
    expect((await edit(id, { mode: 'lend' })).statusCode).toBe(400);
  });

  it('is the owner’s: another member is refused, and a listing a trade holds cannot change', async () => {
    const { id } = await created();
    const theirs = await edit(id, { mode: 'giveaway' }, bob);
    expect(theirs.statusCode).toBe(403);
    await t.db.update(items).set({ reservedBy: 'round:999' }).where(eq(items.id, id));
    const held = await edit(id, { mode: 'giveaway' });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(RESERVED_LISTING);
    const [row] = await t.db
      .select({ mode: items.mode, hours: items.fairChanceHours })
      .from(items)
      .where(eq(items.id, id));
    expect(row).toEqual({ mode: 'swap', hours: null });
  });
});
