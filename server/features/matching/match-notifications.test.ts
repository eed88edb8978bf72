import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { createListing, putWants } from './matching.testing.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const matchNotes = async (who: Member) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().items as Array<{ type: string; text: string; link: string }>).filter(
    (n) => n.type === 'match',
  );
};

const members = () =>
  Promise.all([registerMember(t.app), registerMember(t.app), registerMember(t.app)]);

describe('new matches notify', () => {
  it('both members of a new mutual match, once per listing of theirs', async () => {
    const [ann, bob] = await members();
    const lamp = await createListing(t.app, ann.cookie, { title: 'Mutual lamp' });
    const book = await createListing(t.app, bob.cookie, { title: 'Mutual book' });
    await putWants(t.app, ann.cookie, lamp, [book]);
    expect(await matchNotes(ann)).toEqual([]);
    await putWants(t.app, bob.cookie, book, [lamp]);
    const [annsNote] = await matchNotes(ann);
    expect(annsNote?.text).toBe(
      'New mutual match: someone wants your “Mutual lamp” and has something you want',
    );
    expect(annsNote?.link).toBe('/matches');
    expect((await matchNotes(bob)).map((n) => n.text)).toEqual([
      'New mutual match: someone wants your “Mutual book” and has something you want',
    ]);
  });

  it('each member of a new circle', async () => {
    const [ann, bob, cat] = await members();
    const ids = [
      await createListing(t.app, ann.cookie, { title: 'Circle kettle' }),
      await createListing(t.app, bob.cookie, { title: 'Circle toaster' }),
      await createListing(t.app, cat.cookie, { title: 'Circle jug' }),
    ] as const;
    await putWants(t.app, ann.cookie, ids[0], [ids[1]]);
    await putWants(t.app, bob.cookie, ids[1], [ids[2]]);
    await putWants(t.app, cat.cookie, ids[2], [ids[0]]);
    expect((await matchNotes(ann)).map((n) => n.text)).toEqual([
      'A new swap circle includes your “Circle kettle”',
    ]);
    expect(await matchNotes(bob)).toHaveLength(1);
    expect(await matchNotes(cat)).toHaveLength(1);
  });

  it('no one when the members have blocked one another', async () => {
    const [ann, bob] = await members();
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${bob.user.id}/block`,
      headers: { cookie: ann.cookie },
    });
    const lamp = await createListing(t.app, ann.cookie, { title: 'Blocked lamp' });
    const book = await createListing(t.app, bob.cookie, { title: 'Blocked book' });
    await putWants(t.app, ann.cookie, lamp, [book]);
    await putWants(t.app, bob.cookie, book, [lamp]);
    expect(await matchNotes(ann)).toEqual([]);
    expect(await matchNotes(bob)).toEqual([]);
  });
});
