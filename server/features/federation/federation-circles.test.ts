import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  circleSeen,
  circlesOf,
  loopAcross,
  moveCircle,
  nameOn,
} from '../../testing/circles-across.js';
import { callAt as call, startInstance, type TestInstance } from '../../testing/instances.js';
import { follow, type Member } from '../../testing/offers-across.js';

/**
 * Circles across instances (issue 39 §2): three real instances on loopback that follow one
 * another, a member on each; the proposer's instance coordinates, and every move made on one
 * instance reaches the other two within 5 s.
 */
let ash: TestInstance;
let birch: TestInstance;
let cedar: TestInstance;
let all: TestInstance[];

beforeAll(async () => {
  [ash, birch, cedar] = await Promise.all([
    startInstance('ash'),
    startInstance('birch'),
    startInstance('cedar'),
  ]);
  all = [ash, birch, cedar];
  for (const from of all) for (const to of all) if (from !== to) await follow(from, to);
}, 90_000);
afterAll(async () => {
  await Promise.all(all.map((at) => at?.close()));
});

const memberOf = (members: Member[], k: number) => members[k] as Member;

describe('a circle across three instances', () => {
  it('is proposed on the coordinator and shows on every instance with its own id', async () => {
    const { members, idsOn } = await loopAcross(all, 'Proposed');
    const made = await call(ash, 'POST', '/api/circles', memberOf(members, 0), {
      itemIds: idsOn(0),
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const [k, at] of all.entries()) {
      const circle = await circleSeen(at, memberOf(members, k), idsOn(k), 'proposed');
      expect(circle.legs.map((leg) => leg.item.id)).toEqual(idsOn(k));
      expect(circle.legs.map((leg) => leg.giver.nickname)).toEqual(
        all.map((home, g) => nameOn(at, home, memberOf(members, g))),
      );
      expect(circle.legs.map((leg) => leg.decision)).toEqual(['accepted', 'pending', 'pending']);
      const one = await call(at, 'GET', `/api/circles/${circle.id}`, memberOf(members, k));
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().actions).toEqual(k === 0 ? ['decline'] : ['accept', 'decline']);
    }
  });
});
