import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { CIRCLE_LIMIT, MATCH_LIST_LIMIT } from './matching.queries.js';
import { createListing, putWants } from './matching.testing.js';

/**
 * Mutual matches and circles from the database against an exhaustive enumeration, on random
 * small graphs of named wants (8–15 listings, 3–6 members).
 */
type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let members: Member[];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t.app)));
});
afterAll(() => t.close());

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Graph = { owner: Map<number, string>; rank: Map<string, number> };
const key = (a: number, b: number) => `${a}>${b}`;

/** Every 2-cycle and 3-cycle through `me`'s listings, in the order the API promises. */
function bruteForce(graph: Graph, me: string) {
  const ids = [...graph.owner.keys()];
  const rank = (a: number, b: number) => graph.rank.get(key(a, b));
  const mine = ids.filter((id) => graph.owner.get(id) === me);
  const mutual: Array<{ ids: number[]; cost: number }> = [];
  const circles: Array<{ ids: number[]; cost: number }> = [];
  for (const a of mine) {
    for (const b of ids) {
      const ab = rank(a, b);
      if (ab === undefined) continue;
      const ba = rank(b, a);
      if (ba !== undefined) mutual.push({ ids: [a, b], cost: ab + ba });
      for (const c of ids) {
        const bc = rank(b, c);
        const ca = rank(c, a);
        if (bc === undefined || ca === undefined) continue;
        const owners = new Set([a, b, c].map((id) => graph.owner.get(id)));
        if (owners.size === 3) circles.push({ ids: [a, b, c], cost: ab + bc + ca });
      }
    }
  }
  const order = (x: { ids: number[]; cost: number }, y: { ids: number[]; cost: number }) =>
    x.cost - y.cost ||
    (x.ids.find((v, i) => v !== y.ids[i]) ?? 0) - (y.ids.find((v, i) => v !== x.ids[i]) ?? 0);
  return {
    mutual: mutual
      .sort(order)
      .slice(0, MATCH_LIST_LIMIT)
      .map((m) => m.ids),
    circles: circles
      .sort(order)
      .slice(0, CIRCLE_LIMIT)
      .map((c) => c.ids),
  };
}

describe('cycle finding', () => {
  it('equals brute force on random small graphs', async () => {
    const next = random(Number(process.env.CYCLES_SEED ?? 7));
    let circlesSeen = 0;
    for (let round = 0; round < 8; round++) {
      const cast = members.slice(0, 3 + Math.floor(next() * 4));
      const listings = 8 + Math.floor(next() * 8);
      const graph: Graph = { owner: new Map(), rank: new Map() };
      const cookieOf = new Map(cast.map((m) => [m.user.id, m.cookie]));
      for (let i = 0; i < listings; i++) {
        const owner = cast[i < cast.length ? i : Math.floor(next() * cast.length)] as Member;
        const id = await createListing(t.app, owner.cookie, { title: `Thing ${round}-${i}` });
        graph.owner.set(id, owner.user.id);
      }
      const density = 0.15 + next() * 0.3;
      for (const [id, owner] of graph.owner) {
        const wanted = [...graph.owner]
          .filter(([other, otherOwner]) => otherOwner !== owner && other !== id && next() < density)
          .map(([other]) => other)
          .sort(() => next() - 0.5);
        for (const [i, w] of wanted.entries()) graph.rank.set(key(id, w), i + 1);
        const response = await putWants(t.app, cookieOf.get(owner) ?? '', id, wanted);
        expect(response.statusCode).toBe(200);
      }
      for (const member of cast) {
        const answer: Matches = (
          await t.app.inject({
            method: 'GET',
            url: '/api/matches',
            headers: { cookie: member.cookie },
          })
        ).json();
        const expected = bruteForce(graph, member.user.id);
        expect(answer.mutual.map((m) => [m.mine.id, m.theirs.id])).toEqual(expected.mutual);
        expect(answer.circles.map((c) => c.itemIds)).toEqual(expected.circles);
        circlesSeen += expected.circles.length;
      }
      // Clear the table for the next round.
      for (const [id, owner] of graph.owner) {
        await t.app.inject({
          method: 'DELETE',
          url: `/api/items/${id}`,
          headers: { cookie: cookieOf.get(owner) ?? '' },
        });
      }
    }
    expect(circlesSeen).toBeGreaterThan(20);
  }, 120_000);
});
