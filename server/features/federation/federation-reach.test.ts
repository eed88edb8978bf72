import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { remotePhotos } from '../../db/schema/federation.js';
import { images } from '../../db/schema/images.js';
import { registerMember } from '../../testing/app.js';
import { jpegDataUrl, pngDataUrl } from '../../testing/images.js';
import { callAt, eventually, startInstance, type TestInstance } from '../../testing/instances.js';
import { photoFetcher, RemoteFetchError } from './remote-fetch.js';
import { photosOf } from './remote-store.js';

/**
 * How far a listing reaches once it leaves its instance, on three real instances on loopback
 * (ash, birch, cedar), each on its own database: its photos become the receiving instance's own
 * pictures, want alerts there hear of it (unless kept to their own community), and circles close
 * through members of all three.
 */
let ash: TestInstance;
let birch: TestInstance;
let cedar: TestInstance;
/** Joins late: follows the others only once their members named what they want. */
let dune: TestInstance;

beforeAll(async () => {
  [ash, birch, cedar, dune] = await Promise.all([
    startInstance('ash'),
    startInstance('birch'),
    startInstance('cedar'),
    startInstance('dune'),
  ]);
});
afterAll(async () => {
  await Promise.all([ash?.close(), birch?.close(), cedar?.close(), dune?.close()]);
});

type Member = Awaited<ReturnType<typeof registerMember>>;
const call = callAt;
const host = (at: TestInstance) => new URL(at.url).host;
const IMAGE_URL = /^\/api\/images\/([0-9a-f-]{36})$/;

async function categoryId(at: TestInstance): Promise<number> {
  return (await call(at, 'GET', '/api/categories')).json()[0].id;
}

async function list(at: TestInstance, who: Member, title: string, extra: object = {}) {
  const made = await call(at, 'POST', '/api/items', who, {
    title,
    description: `${title}, ready to swap`,
    condition: 'good',
    categoryId: await categoryId(at),
    ...extra,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: number; images: string[] };
}

async function edit(at: TestInstance, who: Member, id: number, title: string, photos: string[]) {
  const edited = await call(at, 'PUT', `/api/items/${id}`, who, {
    title,
    description: `${title}, ready to swap`,
    condition: 'good',
    categoryId: await categoryId(at),
    isOpenToOffers: true,
    images: photos,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  return edited.json() as { id: number; images: string[] };
}

/** The listing `at` holds for the one whose page is `url` on its home instance, once it is there. */
const heldAs = (at: TestInstance, url: string, words: string, withinMs?: number) =>
  eventually(
    `${url} on ${at.url}`,
    async () => {
      const found = (
        await call(at, 'GET', `/api/items?search=${encodeURIComponent(words)}`)
      ).json() as Array<{
        id: number;
        title: string;
        images: string[];
        origin: { url: string } | null;
      }>;
      return found.find((item) => item.origin?.url === url);
    },
    withinMs,
  );

/** `from` follows `to` (accepted at once: FEDERATION_APPROVAL=auto), unless it already does. */
async function follow(from: TestInstance, to: TestInstance) {
  const known = (
    (await call(from, 'GET', '/api/admin/federation/instances', from.admin)).json() as Array<{
      host: string;
      following: string;
    }>
  ).find((instance) => instance.host === host(to));
  if (known?.following === 'accepted') return;
  const followed = await call(from, 'POST', '/api/admin/federation/instances', from.admin, {
    url: to.url,
  });
  expect(followed.statusCode, followed.body).toBe(201);
  await eventually(`${from.url} following ${to.url}`, async () =>
    (
      (await call(from, 'GET', '/api/admin/federation/instances', from.admin)).json() as Array<{
        host: string;
        following: string;
      }>
    ).some((instance) => instance.host === host(to) && instance.following === 'accepted'),
  );
}

/** The full-size pictures `at` stores (of `ownerId` only, when given). */
const fullPictures = async (at: TestInstance, ownerId?: string) =>
  (
    await at.db
      .select({ n: count() })
      .from(images)
      .where(
        and(
          eq(images.variant, 'full'),
          ownerId === undefined ? undefined : eq(images.ownerId, ownerId),
        ),
      )
  )[0]?.n ?? 0;

/** A phone photo as another server might serve it: large, never re-encoded, GPS in its EXIF. */
async function rawPhoneJpeg(): Promise<{ bytes: Buffer; width: number; height: number }> {
  const dataUrl = await jpegDataUrl(1600, 1200, { gps: true });
  return { bytes: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'), width: 1600, height: 1200 };
}

describe('photos of another instance’s listings', () => {
  it('become this instance’s own pictures, re-encoded like uploads, never hot-linked', async () => {
    const maker = await registerMember(ash.app);
    const teapot = await list(ash, maker, 'Enamel teapot', {
      images: [await jpegDataUrl(600, 400)],
    });
    const [photoOnAsh] = teapot.images;
    const photoId = IMAGE_URL.exec(photoOnAsh ?? '')?.[1];
    if (!photoOnAsh || !photoId) throw new Error(`not a picture of ash: ${photoOnAsh}`);
    // Ash serves a photo as a server that does not re-encode would: large, with GPS in it.
    const raw = await rawPhoneJpeg();
    await ash.db.update(images).set(raw).where(eq(images.id, photoId));
    expect(
      (await sharp((await call(ash, 'GET', photoOnAsh)).rawPayload).metadata()).exif,
    ).toBeDefined();

    await follow(birch, ash);
    const held = await heldAs(birch, `${ash.url}/item/${teapot.id}`, 'teapot');
    expect(held.images).toHaveLength(1);
    const [copy] = held.images;
    expect(copy).toMatch(IMAGE_URL);
    expect(copy).not.toBe(photoOnAsh);
    const page = (await call(birch, 'GET', `/api/items/${held.id}`)).json();
    expect(page.images).toEqual([copy]);
    expect(JSON.stringify(page.images)).not.toContain(host(ash));

    // Birch serves it itself: stripped of its metadata, scaled like an upload, with a thumbnail.
    const served = await call(birch, 'GET', copy ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    const thumb = await call(birch, 'GET', `${copy}/thumb`);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(360);
    expect(
      await birch.db
        .select()
        .from(remotePhotos)
        .where(eq(remotePhotos.imageUrl, copy ?? '')),
    ).toEqual([expect.objectContaining({ sourceUrl: `${ash.url}${photoOnAsh}` })]);
  });

  it('are fetched once across edits, a new one added, and leave with the listing', async () => {
    await follow(birch, ash);
    const maker = await registerMember(ash.app);
    const kettle = await list(ash, maker, 'Copper kettle', {
      images: [await jpegDataUrl(300, 200)],
    });
    const first = await heldAs(birch, `${ash.url}/item/${kettle.id}`, 'kettle');
    const [firstCopy] = first.images;
    if (!firstCopy) throw new Error('the photo did not arrive');
    const pictures = await fullPictures(birch);

    // An edit that keeps the photo: the copy stays, nothing is fetched or stored again.
    await edit(ash, maker, kettle.id, 'Copper kettle with whistle', kettle.images);
    const renamed = await eventually('the edit on birch', async () => {
      const item = (await call(birch, 'GET', `/api/items/${first.id}`)).json();
      return item.title === 'Copper kettle with whistle' ? item : undefined;
    });
    expect(renamed.images).toEqual([firstCopy]);
    expect(await fullPictures(birch)).toBe(pictures);

    // An edit that adds a photo: only that one is fetched.
    const withTwo = await edit(ash, maker, kettle.id, 'Copper kettle and trivet', [
      ...kettle.images,
      await pngDataUrl(60, 60),
    ]);
    expect(withTwo.images).toHaveLength(2);
    const twoPhotos = await eventually('the second photo on birch', async () => {
      const item = (await call(birch, 'GET', `/api/items/${first.id}`)).json();
      return item.images.length === 2 ? (item.images as string[]) : undefined;
    });
    expect(twoPhotos[0]).toBe(firstCopy);
    expect(twoPhotos[1]).toMatch(IMAGE_URL);
    expect(await fullPictures(birch)).toBe(pictures + 1);

    // An edit that drops the first photo: birch's copy of it goes, and so does its record.
    await edit(ash, maker, kettle.id, 'Trivet alone', withTwo.images.slice(1));
    await eventually('the dropped photo on birch', async () => {
      const item = (await call(birch, 'GET', `/api/items/${first.id}`)).json();
      return item.title === 'Trivet alone' ? item : undefined;
    });
    expect((await call(birch, 'GET', firstCopy)).statusCode).toBe(404);
    expect(
      await birch.db.select().from(remotePhotos).where(eq(remotePhotos.imageUrl, firstCopy)),
    ).toEqual([]);

    // Deleted at home: gone here, pictures and their records with it.
    expect((await call(ash, 'DELETE', `/api/items/${kettle.id}`, maker)).statusCode).toBe(200);
    await eventually(
      'the deletion on birch',
      async () => (await call(birch, 'GET', `/api/items/${first.id}`)).statusCode === 404,
    );
    for (const url of twoPhotos) expect((await call(birch, 'GET', url)).statusCode).toBe(404);
    expect(await fullPictures(birch)).toBe(pictures - 1);
    expect(
      await birch.db
        .select()
        .from(remotePhotos)
        .where(and(eq(remotePhotos.imageUrl, twoPhotos[1] ?? ''))),
    ).toEqual([]);
  });

  it('are fetched through the outbound address policy', async () => {
    const maker = await registerMember(ash.app);
    const lamp = await list(ash, maker, 'Brass lamp', { images: [await jpegDataUrl(200, 200)] });
    const source = new URL(lamp.images[0] ?? '', ash.url);
    const owner = birch.admin.user.id;
    const before = await fullPictures(birch);
    // Plain http to loopback: refused unless FEDERATION_ALLOW_PRIVATE (tests on one machine).
    await expect(photoFetcher(birch.db, false)(source, owner)).rejects.toThrow(RemoteFetchError);
    expect(await fullPictures(birch)).toBe(before);
    const stored = await photoFetcher(birch.db, true)(source, owner);
    expect(stored).toMatch(IMAGE_URL);
  });

  it('keep one copy when two deliveries of a listing fetch the same photo at once', async () => {
    // On dune, which no one follows yet, and counted among the fetching member's pictures only:
    // deliveries from earlier tests may still bring birch photos of their own meanwhile.
    const maker = await registerMember(dune.app);
    const vase = await list(dune, maker, 'Glass vase', { images: [await jpegDataUrl(200, 300)] });
    const source = new URL(vase.images[0] ?? '', dune.url);
    const owner = birch.admin.user.id;
    const before = await fullPictures(birch, owner);
    const fetcher = photoFetcher(birch.db, true);
    const [one, two] = await Promise.all([
      photosOf(birch.db, owner, [source], fetcher),
      photosOf(birch.db, owner, [source], fetcher),
    ]);
    expect(one).toEqual(two);
    expect(await fullPictures(birch, owner)).toBe(before + 1);
    expect(
      await birch.db.select().from(remotePhotos).where(eq(remotePhotos.sourceUrl, source.href)),
    ).toEqual([expect.objectContaining({ imageUrl: one[0] })]);
  });
});

const alertsOf = async (at: TestInstance, who: Member) =>
  (
    (await call(at, 'GET', '/api/notifications?limit=100', who)).json() as {
      items: Array<{ type: string; text: string; link: string }>;
    }
  ).items.filter((n) => n.type === 'alert');

describe('want alerts and listings of other instances', () => {
  it('fire for a listing that arrives from an instance this one follows', async () => {
    await follow(birch, ash);
    const seeker = await registerMember(birch.app);
    const saved = await call(birch, 'POST', '/api/saved-searches', seeker, {
      search: 'gramophone',
      frequency: 'instant',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().scope).toBe('everywhere');
    const lister = await registerMember(ash.app);
    const gramophone = await list(ash, lister, 'Gramophone with horn');
    const held = await heldAs(birch, `${ash.url}/item/${gramophone.id}`, 'gramophone');
    const [alert] = await eventually('the alert on birch', async () => {
      const alerts = await alertsOf(birch, seeker);
      return alerts.length > 0 ? alerts : undefined;
    });
    expect(alert).toMatchObject({
      text: 'New listing for your alert “gramophone”: “Gramophone with horn”',
      link: `/item/${held.id}`,
    });
  });

  it('saved for this community only stay silent about them', async () => {
    await follow(birch, ash);
    const seeker = await registerMember(birch.app);
    const saved = await call(birch, 'POST', '/api/saved-searches', seeker, {
      search: 'harpsichord',
      frequency: 'instant',
      scope: 'local',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().scope).toBe('local');
    const everywhere = await registerMember(birch.app);
    await call(birch, 'POST', '/api/saved-searches', everywhere, {
      search: 'harpsichord',
      frequency: 'instant',
    });

    const lister = await registerMember(ash.app);
    const remote = await list(ash, lister, 'Harpsichord, two manuals');
    const held = await heldAs(birch, `${ash.url}/item/${remote.id}`, 'harpsichord');
    // Matched in the transaction that stored it: the alert everywhere heard of it, this one not.
    expect((await alertsOf(birch, everywhere)).map((n) => n.link)).toEqual([`/item/${held.id}`]);
    expect(await alertsOf(birch, seeker)).toEqual([]);

    // A listing of birch's own: heard.
    const neighbour = await registerMember(birch.app);
    const local = await list(birch, neighbour, 'Harpsichord stool');
    expect((await alertsOf(birch, seeker)).map((n) => n.link)).toEqual([`/item/${local.id}`]);
  });
});

describe('circles through three instances', () => {
  it('close through a member of each, shown on every instance from its own member’s listing', async () => {
    const all = [ash, birch, cedar];
    for (const from of all) for (const to of all) if (from !== to) await follow(from, to);
    const [ann, bob, cat] = await Promise.all(all.map((at) => registerMember(at.app)));
    if (!ann || !bob || !cat) throw new Error('members not registered');
    const members = [ann, bob, cat];
    const titles = ['Forge anvil', 'Forge bellows', 'Forge crucible'];
    const made = await Promise.all(
      all.map(async (at, k) => (await list(at, members[k] as Member, titles[k] ?? '')).id),
    );
    // ids[i][k]: instance i's id of the listing made on instance k.
    const ids = await Promise.all(
      all.map((at, i) =>
        Promise.all(
          all.map(async (home, k) =>
            i === k
              ? made[k]
              : (await heldAs(at, `${home.url}/item/${made[k]}`, titles[k] ?? '', 20_000)).id,
          ),
        ),
      ),
    );
    const id = (i: number, k: number) => ids[i]?.[k] as number;

    // Each member wants the next one's listing, named by their own instance's id for it.
    for (const k of [0, 1, 2]) {
      const next = (k + 1) % 3;
      const wanted = await call(
        all[k] as TestInstance,
        'PUT',
        `/api/items/${id(k, k)}/wants`,
        members[k],
        {
          itemIds: [id(k, next)],
        },
      );
      expect(wanted.statusCode, wanted.body).toBe(200);
    }

    for (const k of [0, 1, 2]) {
      const at = all[k] as TestInstance;
      const order = [k, (k + 1) % 3, (k + 2) % 3];
      const expected = order.map((home) => id(k, home));
      const circle = await eventually(
        `the circle on ${at.url}`,
        async () => {
          const matches = (await call(at, 'GET', '/api/matches', members[k])).json() as Matches;
          return matches.circles.find(
            (found) => JSON.stringify(found.itemIds) === JSON.stringify(expected),
          );
        },
        20_000,
      );
      expect(circle.items.map((item) => item.title)).toEqual(order.map((home) => titles[home]));
      expect(circle.members.map((member) => member.nickname)).toEqual(
        order.map((home) =>
          home === k
            ? members[home]?.input.nickname
            : `${members[home]?.input.nickname}@${host(all[home] as TestInstance)}`,
        ),
      );
    }
  });

  it('close on an instance that learns of a wanted listing after the listing that wants it', async () => {
    const dan = await registerMember(dune.app);
    const eve = await registerMember(ash.app);
    const fay = await registerMember(birch.app);
    const drum = (await list(dune, dan, 'Djembe drum')).id;
    const xylophone = (await list(ash, eve, 'Wooden xylophone')).id;
    const yukulele = (await list(birch, fay, 'Yellow ukulele')).id;
    // Ash knows dune's drum; birch knows ash's xylophone; dune knows birch's ukulele only.
    await follow(ash, dune);
    await follow(birch, ash);
    await follow(ash, birch);
    await follow(dune, birch);
    const drumOnAsh = (await heldAs(ash, `${dune.url}/item/${drum}`, 'djembe')).id;
    const xylophoneOnBirch = (await heldAs(birch, `${ash.url}/item/${xylophone}`, 'xylophone')).id;
    const ukuleleOnDune = (await heldAs(dune, `${birch.url}/item/${yukulele}`, 'ukulele')).id;

    const wants = async (at: TestInstance, who: Member, mine: number, theirs: number) => {
      const put = await call(at, 'PUT', `/api/items/${mine}/wants`, who, { itemIds: [theirs] });
      expect(put.statusCode, put.body).toBe(200);
    };
    await wants(ash, eve, xylophone, drumOnAsh);
    await wants(birch, fay, yukulele, xylophoneOnBirch);
    await wants(dune, dan, drum, ukuleleOnDune);
    // The ukulele's wants reach dune naming a listing dune does not hold yet.
    await eventually('the ukulele’s wants on ash', async () => {
      const onAsh = (await heldAs(ash, `${birch.url}/item/${yukulele}`, 'ukulele')).id;
      const named = (await call(ash, 'GET', `/api/items/${onAsh}/wants`)).json();
      return named.itemIds?.includes(xylophone);
    });

    // Every object of the ukulele sent from now on carries its wants: once dune shows this
    // edit, it has been told them, and cannot name the xylophone yet (it holds none).
    await edit(birch, fay, yukulele, 'Yellow ukulele with case', []);
    await eventually('the ukulele’s edit on dune', async () => {
      const held = (await call(dune, 'GET', `/api/items/${ukuleleOnDune}`)).json();
      return held.title === 'Yellow ukulele with case' ? true : undefined;
    });
    expect((await call(dune, 'GET', `/api/items/${ukuleleOnDune}/wants`)).json().itemIds).toEqual(
      [],
    );

    // Dune now follows ash: the xylophone arrives, and the ukulele's want of it holds at last.
    await follow(dune, ash);
    const xylophoneOnDune = (await heldAs(dune, `${ash.url}/item/${xylophone}`, 'xylophone')).id;
    expect((await call(dune, 'GET', `/api/items/${ukuleleOnDune}/wants`)).json().itemIds).toEqual([
      xylophoneOnDune,
    ]);
    const circle = await eventually(
      'the circle on dune',
      async () =>
        ((await call(dune, 'GET', '/api/matches', dan)).json() as Matches).circles.find(
          (found) => found.itemIds[0] === drum,
        ),
      20_000,
    );
    expect(circle.itemIds).toEqual([drum, ukuleleOnDune, xylophoneOnDune]);
  });
});
