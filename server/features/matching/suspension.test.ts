import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { createListing, graphSnapshot, putWants, settleGraph } from './matching.testing.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'matching-admin@example.com' });
  admin = await registerMember(t.app, { email: 'matching-admin@example.com' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function suspend(member: Member): Promise<void> {
  const reporter = await registerMember(t.app);
  const filed = await call('POST', `/api/users/${member.user.id}/report`, reporter, {
    reason: 'scam',
  });
  expect(filed.statusCode).toBe(201);
  const handled = await call('PATCH', `/api/admin/member-reports/${filed.json().id}`, admin, {
    action: 'suspend',
  });
  expect(handled.statusCode).toBe(200);
}

describe('a suspended member', () => {
  it('leaves every match, circle and wants list the moment the suspension commits', async () => {
    const [ann, bob, cat] = await Promise.all([
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
    ]);
    const a = await createListing(t.app, ann.cookie, { title: 'Anvil' });
    const b = await createListing(t.app, bob.cookie, { title: 'Bellows' });
    const c = await createListing(t.app, cat.cookie, { title: 'Crucible' });
    const b2 = await createListing(t.app, bob.cookie, { title: 'Brazier' });
    await putWants(t.app, ann.cookie, a, [b, b2]);
    await putWants(t.app, bob.cookie, b, [c]);
    await putWants(t.app, cat.cookie, c, [a]);
    await putWants(t.app, bob.cookie, b2, [a]);
    const before = (await call('GET', '/api/matches', ann)).json() as Matches;
    expect(before.mutual.map((m) => m.theirs.id)).toEqual([b2]);
    expect(before.circles.map((circle) => circle.itemIds)).toEqual([[a, b, c]]);

    await suspend(bob);

    const after = (await call('GET', '/api/matches', ann)).json() as Matches;
    expect(after.wanted).toEqual([]);
    expect(after.mutual).toEqual([]);
    expect(after.circles).toEqual([]);
    expect((await call('GET', `/api/items/${a}/wants`, ann)).json().itemIds).toEqual([]);
    // And once the upkeep has followed the suspension, the graph itself holds none of them.
    await settleGraph(t.app);
    const graph = await graphSnapshot(t.db);
    const theirs = new Set([b, b2]);
    expect(graph.listings.filter((row) => theirs.has(Number(row.item_id)))).toEqual([]);
  });
});
