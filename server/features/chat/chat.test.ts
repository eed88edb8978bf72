import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_CONTACT } from '../../../shared/policies/members.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { createListing, putWants } from '../matching/matching.testing.js';

/**
 * An offer's chat and a circle's group chat are one chat service (chat.service.ts) over two
 * descriptions: what they share is held here, each kind's own rules in its feature's tests.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;
let cat: Member;
let dan: Member;
/** Each kind's messages URL, ann and bob being parties of both and cat a party of the circle. */
let chats: Array<{ kind: string; url: string }>;

const MESSAGES_PER_FIVE_MINUTES = 12;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES: String(MESSAGES_PER_FIVE_MINUTES),
    RATE_LIMIT_OFFERS_PER_HOUR: '100',
  });
  [ann, bob, cat, dan] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
  const listings: number[] = [];
  for (const [k, member] of [ann, bob, cat].entries()) {
    listings.push(await createListing(t.app, member.cookie, { title: `Chat loop ${k + 1}` }));
  }
  for (const [k, member] of [ann, bob, cat].entries()) {
    const next = listings[(k + 1) % listings.length] as number;
    expect((await putWants(t.app, member.cookie, listings[k] as number, [next])).statusCode).toBe(
      200,
    );
  }
  const circle = await call('POST', '/api/circles', ann, { itemIds: listings });
  expect(circle.statusCode).toBe(201);
  const offer = await call('POST', '/api/swap-requests', bob, {
    itemId: listings[0],
    message: 'Swap?',
  });
  expect(offer.statusCode).toBe(201);
  chats = [
    { kind: 'offer', url: `/api/swap-requests/${offer.json().id}/messages` },
    { kind: 'circle', url: `/api/circles/${circle.json().id}/messages` },
  ];
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: Member | null, body?: object) {
  return t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(body ? { payload: body } : {}),
  });
}

describe('the chat every conversation shares', () => {
  it('is for its parties only, reads nothing as read, and marks only the others’ messages', async () => {
    for (const { kind, url } of chats) {
      const sent = await call('POST', url, ann, { content: `Hello from ann (${kind})` });
      expect(sent.statusCode, kind).toBe(201);
      expect(sent.json(), kind).toMatchObject({ fromUser: { id: ann.user.id } });
      expect((await call('POST', url, bob, { content: '   ' })).statusCode, kind).toBe(400);

      for (const [method, path, body] of [
        ['GET', url, undefined],
        ['POST', url, { content: 'Let me in' }],
        ['POST', `${url}/read`, undefined],
      ] as const) {
        expect((await call(method, path, dan, body)).statusCode, `${kind} ${path}`).toBe(404);
        expect((await call(method, path, null, body)).statusCode, `${kind} ${path}`).toBe(401);
      }

      const page = (await call('GET', url, bob)).json();
      expect(page.at(-1).content, kind).toBe(`Hello from ann (${kind})`);
      expect((await call('POST', `${url}/read`, ann)).json(), kind).toEqual({ read: 0 });
      expect((await call('POST', `${url}/read`, bob)).json(), kind).toEqual({ read: 1 });
      expect((await call('POST', `${url}/read`, bob)).json(), kind).toEqual({ read: 0 });
    }
  });

  it('pages back with `before` in both kinds', async () => {
    for (const { kind, url } of chats) {
      const ids: number[] = [];
      for (const content of ['p1', 'p2', 'p3']) {
        ids.push((await call('POST', url, bob, { content })).json().id);
      }
      const contents = async (query: string) =>
        (await call('GET', `${url}?${query}`, ann))
          .json()
          .map((m: { content: string }) => m.content);
      expect(await contents('limit=2'), kind).toEqual(['p2', 'p3']);
      expect(await contents(`limit=2&before=${ids[2]}`), kind).toEqual(['p1', 'p2']);
      expect((await call('GET', `${url}?before=x`, ann)).json(), kind).toEqual({
        message: 'before must be a message id',
      });
    }
  });

  it('closes each chat to both members of a block, keeping it readable and open to the others', async () => {
    expect((await call('POST', `/api/users/${ann.user.id}/block`, bob)).statusCode).toBe(200);
    try {
      for (const { kind, url } of chats) {
        for (const who of [ann, bob]) {
          const refused = await call('POST', url, who, { content: 'Still there?' });
          expect(refused.statusCode, kind).toBe(403);
          expect(refused.json().message, kind).toBe(CANNOT_CONTACT);
          expect((await call('GET', url, who)).statusCode, kind).toBe(200);
        }
      }
      // The circle's third member blocked no one and still writes to everyone.
      const circleChat = chats[1]?.url as string;
      expect((await call('POST', circleChat, cat, { content: 'Sort it out?' })).statusCode).toBe(
        201,
      );
    } finally {
      await call('DELETE', `/api/users/${ann.user.id}/block`, bob);
    }
  });

  it('counts one message allowance across every conversation of a member', async () => {
    const [offerChat, circleChat] = chats.map((chat) => chat.url) as [string, string];
    // Whatever this file's other tests sent: write until the allowance is spent, in both kinds.
    const statuses: number[] = [];
    for (let k = 0; k < MESSAGES_PER_FIVE_MINUTES + 1; k++) {
      const url = k % 2 ? circleChat : offerChat;
      statuses.push((await call('POST', url, ann, { content: `n${k}` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    for (const url of [offerChat, circleChat]) {
      expect((await call('POST', url, ann, { content: 'one more' })).statusCode).toBe(429);
      // Reading and marking read are not limited.
      expect((await call('GET', url, ann)).statusCode).toBe(200);
    }
    // The allowance is the author's: the others still write.
    expect((await call('POST', circleChat, cat, { content: 'I still can' })).statusCode).toBe(201);
  });
});
