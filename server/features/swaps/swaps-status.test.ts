import { describe, expect, it } from 'vitest';
import {
  call,
  listItem,
  offer,
  offerer,
  owner,
  patch,
  setUpSwapsApp,
  stranger,
} from './swaps.fixtures.js';

setUpSwapsApp();

describe('PATCH /api/swap-requests/:id (SPEC §4 state machine)', () => {
  it.each([
    ['pending', 'accepted', 'receiver', 200],
    ['pending', 'rejected', 'receiver', 200],
    ['pending', 'accepted', 'sender', 403],
    ['pending', 'rejected', 'sender', 403],
    ['pending', 'completed', 'receiver', 409],
    ['pending', 'completed', 'sender', 409],
    ['pending', 'pending', 'receiver', 409],
    ['accepted', 'completed', 'receiver', 200],
    ['accepted', 'completed', 'sender', 200],
    ['accepted', 'rejected', 'receiver', 409],
    ['accepted', 'pending', 'sender', 409],
    ['rejected', 'accepted', 'receiver', 409],
    ['rejected', 'completed', 'sender', 409],
    ['completed', 'accepted', 'receiver', 409],
    ['completed', 'pending', 'sender', 409],
    ['pending', 'accepted', 'stranger', 404],
    ['accepted', 'completed', 'stranger', 404],
  ])('%s → %s by the %s answers %i', async (from, to, actor, status) => {
    const request = await offer((await listItem()).id);
    if (from !== 'pending') {
      expect(
        (await patch(request.id, from === 'completed' ? 'accepted' : from, owner)).statusCode,
      ).toBe(200);
      if (from === 'completed')
        expect((await patch(request.id, 'completed', offerer)).statusCode).toBe(200);
    }
    const who = { receiver: owner, sender: offerer, stranger }[actor];
    const response = await patch(request.id, to, who);
    expect(response.statusCode).toBe(status);
    expect(response.json().message ?? response.json().status).toBeTruthy();
    const after = (await call('GET', `/api/swap-requests/${request.id}`, owner)).json();
    expect(after.status).toBe(status === 200 ? to : from);
  });

  it('refuses signed-out callers and unknown statuses', async () => {
    const request = await offer((await listItem()).id);
    expect((await patch(request.id, 'accepted')).statusCode).toBe(401);
    expect((await patch(request.id, 'stolen', owner)).statusCode).toBe(400);
    expect((await patch(999999, 'accepted', owner)).statusCode).toBe(404);
  });

  it('lets exactly one of twenty concurrent accepts through', async () => {
    const request = await offer((await listItem()).id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => patch(request.id, 'accepted', owner)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('takes the item and the offered item off the market when the swap completes', async () => {
    const wanted = await listItem(owner, 'Wanted lamp');
    const given = await listItem(offerer, 'Given clock');
    const request = await offer(wanted.id, offerer, { offeredItemId: given.id });
    await patch(request.id, 'accepted', owner);
    await patch(request.id, 'completed', offerer);
    const [a, b] = await Promise.all([
      call('GET', `/api/items/${wanted.id}`),
      call('GET', `/api/items/${given.id}`),
    ]);
    expect(a.json().isActive).toBe(false);
    expect(b.json().isActive).toBe(false);
  });
});
